package app.model;

public class Account {
    protected final String owner;
    private long balance;
    int changes;

    public Account(String owner) { this.owner = owner; }

    public void deposit(long amount) { apply(amount); }

    void apply(long delta) {
        balance += delta;
        changes++;
        onChange(delta);
    }

    protected void onChange(long delta) {}

    public long balance() { return balance; }
    public String owner() { return owner; }
}
