import java.util.ArrayList;
import java.util.List;

// Abstract classes with template methods, abstract methods called from constructors,
// super calls through several levels, protected state and polymorphic dispatch.
public class Main {
    static abstract class Account {
        private static int nextId = 1;
        protected final int id;
        protected long balanceCents;
        private final List<String> log = new ArrayList<>();

        Account(long opening) {
            id = nextId++;
            balanceCents = opening;
            record("open " + kind() + " " + opening);
        }

        abstract String kind();
        abstract long fee(long amount);

        final boolean withdraw(long amount) {
            long total = amount + fee(amount);
            if (total > limit()) { record("denied " + amount); return false; }
            balanceCents -= total;
            record("withdraw " + amount + " fee " + fee(amount));
            return true;
        }

        long limit() { return balanceCents; }
        protected void record(String s) { log.add(id + ":" + s); }
        List<String> log() { return log; }
    }

    static class Checking extends Account {
        Checking(long opening) { super(opening); }
        String kind() { return "checking"; }
        long fee(long amount) { return amount > 10_000 ? 25 : 0; }
        @Override long limit() { return balanceCents + 5_000; }
    }

    static class Savings extends Account {
        private final double rate;
        Savings(long opening, double rate) { super(opening); this.rate = rate; }
        String kind() { return "savings(rate not yet set: " + rate + ")"; }
        long fee(long amount) { return Math.max(100, amount / 100); }
        void accrue() { long interest = Math.round(balanceCents * rate); balanceCents += interest; record("interest " + interest); }
    }

    static class Premium extends Checking {
        Premium(long opening) { super(opening); }
        @Override String kind() { return "premium " + super.kind(); }
        @Override long fee(long amount) { return super.fee(amount) / 5; }
        @Override long limit() { return super.limit() * 2; }
    }

    public static void main(String[] args) {
        List<Account> accounts = List.of(new Checking(20_000), new Savings(50_000, 0.015), new Premium(1_000));
        long[] amounts = {500, 12_000, 30_000, 4_000};
        for (Account a : accounts) {
            for (long amt : amounts) a.withdraw(amt);
            if (a instanceof Savings s) s.accrue();
        }
        for (Account a : accounts) {
            System.out.println(a.kind() + " balance " + a.balanceCents);
            for (String line : a.log()) System.out.println("  " + line);
        }
    }
}
