package acc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * δb in scope app (test/unit/accuracy-delta.test.ts): many instructions of application code that
 * resolve a class through the application class loader the first time they run (new, static
 * fields and methods of JDK classes, interface calls, invokedynamic), each an upcall to
 * ClassLoader.loadClass in the middle of the instruction, which then runs again from its start.
 */
public class Loading {
    interface Shape {
        int area();
    }

    static final class Square implements Shape {
        final int s;

        Square(int s) {
            this.s = s;
        }

        public int area() {
            return s * s;
        }
    }

    static final class Rect implements Shape {
        final int w;
        final int h;

        Rect(int w, int h) {
            this.w = w;
            this.h = h;
        }

        public int area() {
            return w * h;
        }
    }

    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<>();
        for (int i = 0; i < 200; i++) shapes.add(i % 3 == 0 ? new Rect(i, 2) : new Square(i));
        IntUnaryOperator f = v -> v * 7 + 1;
        long sum = 0;
        for (Shape s : shapes) sum += f.applyAsInt(s.area());
        StringBuilder b = new StringBuilder();
        b.append(sum).append(' ').append(Integer.toHexString((int) sum));
        System.out.println(b);
    }
}
