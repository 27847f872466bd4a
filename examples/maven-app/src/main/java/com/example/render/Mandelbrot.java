package com.example.render;

/** The escape-time Mandelbrot set on a width × height grid, around a point of the boundary. */
public class Mandelbrot {
    private static final double CENTER_RE = -0.743643887;
    private static final double CENTER_IM = 0.131825904;

    private final int width;
    private final int height;
    private final int maxIterations;
    private final double scale;

    public Mandelbrot(int width, int height, int maxIterations, double scale) {
        this.width = width;
        this.height = height;
        this.maxIterations = maxIterations;
        this.scale = scale;
    }

    public int[][] render() {
        int[][] out = new int[height][width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double re = CENTER_RE + scale * (3.0 * x / width - 1.5);
                double im = CENTER_IM + scale * (2.0 * y / height - 1.0);
                out[y][x] = escapeTime(re, im);
            }
        }
        return out;
    }

    int escapeTime(double re, double im) {
        double zr = 0, zi = 0;
        int n = 0;
        while (n < maxIterations && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + re;
            zi = 2 * zr * zi + im;
            zr = t;
            n++;
        }
        return n;
    }
}
