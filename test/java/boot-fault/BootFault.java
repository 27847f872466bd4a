// A program that does some work, then returns from main (interp-boot-fault.test.ts injects an
// internal error into a step of the launch around it).
public class BootFault {
    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 300_000; i++) sum += (i * 31L) ^ (sum >>> 3);
        System.out.println("sum " + sum);
    }
}
