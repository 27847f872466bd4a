package com.example.render;

/** Escape times as characters, darkest to brightest. */
public final class Ascii {
    private static final String RAMP = " .:-=+*#%@";

    private Ascii() {
    }

    /** Every {@code step}-th column and every {@code 2 * step}-th row (characters are about twice as tall as wide). */
    public static String toText(int[][] image, int max, int step) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < image.length; y += 2 * step) {
            for (int x = 0; x < image[y].length; x += step) sb.append(RAMP.charAt(image[y][x] * (RAMP.length() - 1) / max));
            sb.append('\n');
        }
        return sb.toString();
    }
}
