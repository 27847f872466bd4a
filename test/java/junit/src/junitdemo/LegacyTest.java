package junitdemo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class LegacyTest {
    static int triangle(int n) {
        int t = 0;
        for (int i = 1; i <= n; i++) t += i;
        return t;
    }

    @Test
    public void triangles() {
        int last = 0;
        for (int k = 0; k < 300; k++) last = triangle(500);
        assertEquals(125250, last);
    }
}
