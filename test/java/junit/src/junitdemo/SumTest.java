package junitdemo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

public class SumTest {
    static long sumOfSquares(int n) {
        long s = 0;
        for (int i = 1; i <= n; i++) s += (long) i * i;
        return s;
    }

    @Test
    void squares() {
        assertEquals(333833500L, sumOfSquares(1000));
        for (int k = 0; k < 200; k++) sumOfSquares(1000);
    }

    @Test
    void wrong() {
        assertEquals(1L, sumOfSquares(2));
    }
}
