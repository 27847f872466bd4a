package snap;

/** Main snapshot test: a main class in a package (the launcher starts the Common-Cleaner thread, not yet run at the snapshot). */
public class PkgMain {
    public static void main(String[] args) throws Exception {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        for (Thread l : Thread.getAllStackTraces().keySet()) names.add(l.getName() + ":" + l.getId() + ":" + l.getState());
        System.out.println("threads " + names);
        System.out.println("hash " + Integer.toHexString(new Object().hashCode()) + " " + Integer.toHexString(Thread.currentThread().hashCode()));
    }
}
