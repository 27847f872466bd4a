import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

// Random with fixed seeds (sequences are specified): nextInt (bounded), nextLong, nextDouble,
// nextGaussian, nextBoolean, nextBytes, ints() streams, Collections.shuffle with a seeded
// Random, SplittableRandom, a Monte Carlo estimate and a random walk; same seed, same output.
public class Main {
    public static void main(String[] args) {
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(r.nextInt(100)).append(' ');
        System.out.println(sb.toString().trim());
        System.out.println(r.nextInt() + " " + r.nextLong() + " " + r.nextDouble() + " " + r.nextFloat() + " " + r.nextBoolean() + " " + r.nextGaussian());
        byte[] bytes = new byte[8];
        r.nextBytes(bytes);
        System.out.println(java.util.Arrays.toString(bytes));
        System.out.println(new Random(7).ints(5, 0, 10).boxed().toList() + " " + new Random(7).doubles(2).sum() + " " + new Random(1).longs(1, 5, 500).findFirst().getAsLong());
        List<Integer> deck = new ArrayList<>();
        for (int i = 1; i <= 20; i++) deck.add(i);
        Collections.shuffle(deck, new Random(2024));
        System.out.println(deck);
        Random a = new Random(99), b = new Random(99);
        boolean same = true;
        for (int i = 0; i < 1000; i++) same &= a.nextInt() == b.nextInt();
        System.out.println("same seed same sequence " + same);
        Random mc = new Random(12345);
        int inside = 0, n = 20_000;
        for (int i = 0; i < n; i++) { double x = mc.nextDouble(), y = mc.nextDouble(); if (x * x + y * y <= 1) inside++; }
        System.out.println("pi estimate " + 4.0 * inside / n);
        Random walk = new Random(5);
        int pos = 0, maxPos = 0;
        for (int i = 0; i < 5000; i++) { pos += walk.nextBoolean() ? 1 : -1; maxPos = Math.max(maxPos, pos); }
        System.out.println("walk end " + pos + " max " + maxPos);
        SplittableRandom sr = new SplittableRandom(3);
        SplittableRandom child = sr.split();
        System.out.println(sr.nextInt(1000) + " " + child.nextInt(1000) + " " + sr.nextLong() + " " + child.nextDouble());
        double sum = 0, sq = 0;
        Random g = new Random(8);
        for (int i = 0; i < 2000; i++) { double v = g.nextGaussian(); sum += v; sq += v * v; }
        System.out.printf("gaussian mean %.6f var %.6f%n", sum / 2000, sq / 2000 - (sum / 2000) * (sum / 2000));
        r.setSeed(42);
        System.out.println("reseeded " + r.nextInt(100));
    }
}
