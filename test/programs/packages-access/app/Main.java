package app;

import app.model.Account;
import app.model.Ledger;
import app.util.Strings;

// A program in packages (main class app.Main): public/protected/package-private access
// across packages, a subclass in another package using protected members, static imports of
// a utility class, package-private helpers, and Class/Package names.
public class Main {
    static class Audited extends Account {
        Audited(String owner) { super(owner); }
        @Override protected void onChange(long delta) { System.out.println("  audit " + owner + " " + delta + " (protected access from app)"); }
    }

    public static void main(String[] args) {
        Ledger ledger = new Ledger();
        Account a = ledger.open("alice"), b = ledger.open("bob");
        Account c = new Audited("carol");
        ledger.register(c);
        ledger.transfer(a, b, 0);
        a.deposit(100);
        c.deposit(40);
        ledger.transfer(a, b, 30);
        ledger.transfer(b, c, 10);
        try {
            ledger.transfer(c, a, 1000);
        } catch (IllegalStateException e) {
            System.out.println("rejected: " + e.getMessage());
        }
        System.out.println(ledger.report());
        System.out.println(Strings.pad("x", 5, '*') + Strings.reverse("olleh") + " " + Strings.count());
        System.out.println(Main.class.getName() + " in " + Main.class.getPackageName() + ", " + Account.class.getPackage().getName() + ", audited " + Audited.class.getName());
    }
}
