package modlib;

// A class of a jar holding module-info.class, used from the class path (an unnamed module).
public class Mod {
    public static String v() {
        return "mod in " + Mod.class.getModule().isNamed();
    }
}
