// An enum whose MIDs live in a holder class (the instrumented JDK's layout, clazz.ts
// enumMidHolder): it behaves as before and its methods are profiled.
public enum Planet {
    MERCURY(3.303e+23, 2.4397e6),
    EARTH(5.976e+24, 6.37814e6),
    JUPITER(1.9e+27, 7.1492e7);

    private final double mass;
    private final double radius;

    Planet(double mass, double radius) {
        this.mass = mass;
        this.radius = radius;
    }

    double gravity() {
        double g = 0;
        for (int i = 0; i < 20000; i++) g += 6.67300E-11 * mass / (radius * radius) / 20000;
        return g;
    }

    public static void main(String[] args) {
        for (Planet p : values()) System.out.printf("%s %.3f %s%n", p, p.gravity(), valueOf(p.name()).ordinal());
    }
}
