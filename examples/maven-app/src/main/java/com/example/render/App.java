package com.example.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Komorium example (Maven layout): renders frames of a zoom into the Mandelbrot set, smooths
 * the last one as a height map and sorts its rows by brightness. Open this file and run
 * "Komorium: Run with Profile" (mvn compile first, or let Komorium compile it with javac).
 * Arguments: frames (default 24), width (default 160).
 */
public class App {
    public static void main(String[] args) {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 24;
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 160;
        int[][] image = null;
        double zoom = 1.0;
        for (int f = 0; f < frames; f++) {
            Mandelbrot m = new Mandelbrot(width, width / 2, 300, zoom);
            image = m.render();
            zoom *= 0.9;
        }
        System.out.print(Ascii.toText(image, 300, Math.max(1, width / 80)));

        HeightMap map = new HeightMap(image);
        for (int pass = 0; pass < 60; pass++) map.smooth();
        List<Integer> order = new ArrayList<>();
        for (int y = 0; y < map.rows(); y++) order.add(y);
        order.sort((a, b) -> Double.compare(map.rowBrightness(b), map.rowBrightness(a)));
        System.out.println("brightest rows: " + order.subList(0, 5));
    }
}
