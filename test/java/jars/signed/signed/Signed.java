package signed;

// A class of a signed jar.
public class Signed {
    public static String v() {
        return "signed ok";
    }
}
