import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;

// Optional: of/ofNullable/empty, map/flatMap/filter chains, orElse vs orElseGet laziness,
// orElseThrow (default and custom), ifPresent/ifPresentOrElse, or, stream, equals/toString,
// OptionalInt, and Optional.of(null) failing.
public class Main {
    record User(String name, Optional<String> email) {}

    static final Map<Integer, User> USERS = Map.of(1, new User("ann", Optional.of("ann@example.org")), 2, new User("bob", Optional.empty()));

    static Optional<User> find(int id) { return Optional.ofNullable(USERS.get(id)); }

    static int calls;
    static String fallback() { calls++; return "computed"; }

    public static void main(String[] args) {
        for (int id = 1; id <= 3; id++) {
            String email = find(id).flatMap(User::email).map(String::toUpperCase).orElse("<none>");
            String domain = find(id).flatMap(User::email).filter(e -> e.endsWith(".org")).map(e -> e.substring(e.indexOf('@') + 1)).orElseGet(() -> "?");
            System.out.println(id + " " + email + " " + domain + " " + find(id).map(User::name).orElse("nobody"));
        }
        String a = Optional.of("present").orElse(fallback());
        String b = Optional.of("present").orElseGet(Main::fallback);
        String c = Optional.<String>empty().orElseGet(Main::fallback);
        System.out.println(a + " " + b + " " + c + " calls " + calls);
        try {
            find(9).orElseThrow();
        } catch (NoSuchElementException e) {
            System.out.println("orElseThrow: " + e.getMessage());
        }
        try {
            find(9).orElseThrow(() -> new IllegalArgumentException("no user 9"));
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            Optional.of(null);
        } catch (NullPointerException e) {
            System.out.println("Optional.of(null) NPE");
        }
        find(1).ifPresent(u -> System.out.println("present " + u.name()));
        find(5).ifPresentOrElse(u -> System.out.println("?"), () -> System.out.println("absent 5"));
        System.out.println(find(5).or(() -> find(2)).map(User::name).get() + " " + find(2).stream().count() + " " + find(7).stream().count());
        System.out.println(Optional.of(1).equals(Optional.of(1)) + " " + Optional.empty() + " " + Optional.of("x") + " " + Optional.empty().isEmpty() + " " + Optional.of(List.of()).isPresent());
        OptionalInt oi = List.of(3, 9, 4).stream().mapToInt(Integer::intValue).filter(x -> x > 5).findFirst();
        System.out.println(oi + " " + oi.getAsInt() + " " + OptionalInt.empty().orElse(-1));
        List<Optional<String>> opts = List.of(Optional.of("a"), Optional.empty(), Optional.of("c"));
        System.out.println(opts.stream().flatMap(Optional::stream).toList() + " " + opts);
    }
}
