package demo;

import java.util.ArrayList;
import java.util.List;

/** A small program for the CLI tests: loops, a switch, a lambda, exceptions. */
public class Demo {
    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }
    record Square(double s) implements Shape { public double area() { return s * s; } }

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static String kind(int n) {
        switch (n % 3) {
            case 0: return "zero";
            case 1: return "one";
            default: return "two";
        }
    }

    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<>();
        for (int i = 0; i < 10; i++) shapes.add(i % 2 == 0 ? new Circle(i) : new Square(i));
        double total = shapes.stream().mapToDouble(Shape::area).sum();
        System.out.printf("total %.3f%n", total);
        System.out.println("fib " + fib(20) + " " + kind(args.length));
        try {
            Object o = args.length > 5 ? "x" : null;
            System.out.println(o.hashCode());
        } catch (NullPointerException e) {
            System.out.println("caught NPE");
        } finally {
            System.out.println("done");
        }
    }
}
