// HotSpot verifies a class's methods in the order of its method array, sorted by the address of
// each name's Symbol (the names java's CDS archive holds first, `main` among them), not in the
// class file's order. The classes the verifier loads through the application loader (catch
// types) are loaded in that order: here BB (a catch in main) before Aa (a catch in zzyzxFirst,
// declared first). "VerifyOrder$Aa" and "VerifyOrder$BB" have the same String hash, so the
// application loader's lock map chains them in one bin in the order they were loaded, and each
// later loadClass of Aa walks that chain: past BB when BB came first (String.equals once more).
public class VerifyOrder {
    static final class Aa extends RuntimeException {
        Aa(String m) { super(m); }
    }

    static final class BB extends RuntimeException {
        BB(String m) { super(m); }
    }

    static int zzyzxFirst(int x) {
        try {
            if (x < 0) throw new Aa("negative");
            return x + 1;
        } catch (Aa e) {
            return -1;
        }
    }

    public static void main(String[] args) throws Exception {
        int r;
        try {
            r = zzyzxFirst(args.length);
            if (r > 5) throw new BB("big");
        } catch (BB e) {
            r = -2;
        }
        ClassLoader app = ClassLoader.getSystemClassLoader();
        int found = 0;
        for (int i = 0; i < 5; i++) if (app.loadClass("VerifyOrder$Aa") == Aa.class) found++;
        System.out.println("r " + r + " found " + found + " same hash " + ("VerifyOrder$Aa".hashCode() == "VerifyOrder$BB".hashCode()));
    }
}
