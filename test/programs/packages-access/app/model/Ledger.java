package app.model;

import java.util.ArrayList;
import java.util.List;

import static app.util.Strings.pad;

public class Ledger {
    private final List<Account> accounts = new ArrayList<>();
    private int transfers;

    public Account open(String owner) { return register(new Account(owner)); }

    public Account register(Account a) { accounts.add(a); return a; }

    public void transfer(Account from, Account to, long amount) {
        if (amount == 0) return;
        if (from.balance() < amount) throw new IllegalStateException(from.owner + " cannot pay " + amount);
        from.apply(-amount);
        to.apply(amount);
        transfers++;
    }

    public String report() {
        StringBuilder sb = new StringBuilder("transfers " + transfers);
        for (Account a : accounts) sb.append('\n').append(pad(a.owner, 8, '.')).append(a.balance()).append(" changes ").append(a.changes);
        return sb.toString();
    }
}
