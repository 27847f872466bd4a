package com.example.render;

/** A grid of heights that can be smoothed with a 3 × 3 box filter. */
public class HeightMap {
    private double[][] h;

    public HeightMap(int[][] values) {
        h = new double[values.length][];
        for (int y = 0; y < values.length; y++) {
            h[y] = new double[values[y].length];
            for (int x = 0; x < values[y].length; x++) h[y][x] = values[y][x];
        }
    }

    public int rows() {
        return h.length;
    }

    public void smooth() {
        double[][] next = new double[h.length][];
        for (int y = 0; y < h.length; y++) {
            next[y] = new double[h[y].length];
            for (int x = 0; x < h[y].length; x++) next[y][x] = average(y, x);
        }
        h = next;
    }

    private double average(int y, int x) {
        double sum = 0;
        int n = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int yy = y + dy, xx = x + dx;
                if (yy >= 0 && yy < h.length && xx >= 0 && xx < h[yy].length) {
                    sum += h[yy][xx];
                    n++;
                }
            }
        }
        return sum / n;
    }

    public double rowBrightness(int y) {
        double s = 0;
        for (double v : h[y]) s += v;
        return s / h[y].length;
    }
}
