import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

// Sorting with comparators called back from uninstrumented JDK code: Collections.sort with
// an anonymous Comparator, List.sort with lambdas, Comparator.comparing chains (thenComparing,
// reversed, nullsFirst/Last, comparingDouble, key extractors as method refs), stability,
// a comparator that throws (exception through TimSort), Comparable on a custom class,
// and a counting comparator.
public class Main {
    static class Employee implements Comparable<Employee> {
        final String name, dept; final int age; final double salary;
        Employee(String name, String dept, int age, double salary) { this.name = name; this.dept = dept; this.age = age; this.salary = salary; }
        String getName() { return name; }
        String getDept() { return dept; }
        int getAge() { return age; }
        double getSalary() { return salary; }
        @Override public int compareTo(Employee o) { return name.compareTo(o.name); }
        @Override public String toString() { return name; }
    }

    static int comparisons;

    public static void main(String[] args) {
        List<Employee> staff = new ArrayList<>(List.of(
            new Employee("Dana", "eng", 41, 120.5), new Employee("Ari", "ops", 29, 80.0), new Employee("Lee", "eng", 29, 99.9),
            new Employee("Kim", "sales", 35, 70.0), new Employee("Bo", "ops", 50, 80.0), new Employee("Cy", "eng", 35, 150.0),
            new Employee("Eve", "sales", 23, 65.5), new Employee("Fay", "eng", 41, 120.5)));
        Collections.sort(staff);
        System.out.println("natural " + staff);
        Collections.sort(staff, new Comparator<Employee>() {
            @Override public int compare(Employee a, Employee b) { comparisons++; return Integer.compare(a.age, b.age); }
        });
        System.out.println("by age (stable) " + staff + " comparisons>0 " + (comparisons > 0));
        staff.sort(Comparator.comparing(Employee::getDept).thenComparing(Employee::getSalary, Comparator.reverseOrder()).thenComparing(Employee::getName));
        System.out.println("dept, salary desc, name " + staff);
        staff.sort(Comparator.comparingDouble(Employee::getSalary).reversed().thenComparingInt(Employee::getAge));
        System.out.println("salary desc, age " + staff);
        staff.sort((a, b) -> b.name.length() - a.name.length());
        System.out.println("name length desc " + staff);
        List<String> withNulls = new ArrayList<>(Arrays.asList("pear", null, "apple", null, "fig"));
        withNulls.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
        System.out.print(withNulls);
        withNulls.sort(Comparator.nullsLast(Comparator.comparing(String::length)));
        System.out.println(" " + withNulls);
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 200; i++) nums.add((i * 7919) % 211);
        int[] calls = {0};
        nums.sort((a, b) -> { calls[0]++; return Integer.compare(a % 10, b % 10) != 0 ? Integer.compare(a % 10, b % 10) : Integer.compare(a, b); });
        System.out.println(nums.subList(0, 15) + " calls " + calls[0]);
        try {
            List<Object> mixed = new ArrayList<>(List.of(3, 1, 2));
            mixed.sort((a, b) -> {
                if (((Integer) a) == 2 || ((Integer) b) == 2) throw new IllegalStateException("cannot compare 2");
                return 0;
            });
        } catch (IllegalStateException e) {
            System.out.println("comparator threw: " + e.getMessage());
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("  thrown in " + st[0].getMethodName().startsWith("lambda$") + ", main frame last: " + st[st.length - 1].getMethodName());
        }
        String[] words = {"Banana", "apple", "cherry", "Apple", "banana"};
        Arrays.sort(words, Comparator.comparing((String w) -> w.toLowerCase()).thenComparing(Comparator.reverseOrder()));
        System.out.println(Arrays.toString(words));
        Integer[] boxed = {5, 3, 9, 1};
        Arrays.sort(boxed, Collections.reverseOrder());
        System.out.println(Arrays.toString(boxed) + " max by age " + Collections.max(staff, Comparator.comparingInt(Employee::getAge).thenComparing(Comparator.naturalOrder())));
    }
}
