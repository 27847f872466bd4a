package lib;

public class Lib {
    public static String v() {
        return "lib";
    }
}
