package dis;

/** Forces wide loads/stores/iinc, ldc_w and goto_w-free long methods. */
public class Wide {
    static long many(int p) {
        int a0 = p, a1 = p + 1, a2 = p + 2, a3 = p + 3, a4 = p + 4, a5 = p + 5, a6 = p + 6, a7 = p + 7;
        long l0 = a0, l1 = a1, l2 = a2, l3 = a3, l4 = a4, l5 = a5, l6 = a6, l7 = a7;
        double d0 = l0, d1 = l1, d2 = l2, d3 = l3, d4 = l4, d5 = l5, d6 = l6, d7 = l7;
        long m0 = 0, m1 = 1, m2 = 2, m3 = 3, m4 = 4, m5 = 5, m6 = 6, m7 = 7, m8 = 8, m9 = 9;
        long n0 = 0, n1 = 1, n2 = 2, n3 = 3, n4 = 4, n5 = 5, n6 = 6, n7 = 7, n8 = 8, n9 = 9;
        long o0 = 0, o1 = 1, o2 = 2, o3 = 3, o4 = 4, o5 = 5, o6 = 6, o7 = 7, o8 = 8, o9 = 9;
        long q0 = 0, q1 = 1, q2 = 2, q3 = 3, q4 = 4, q5 = 5, q6 = 6, q7 = 7, q8 = 8, q9 = 9;
        long r0 = 0, r1 = 1, r2 = 2, r3 = 3, r4 = 4, r5 = 5, r6 = 6, r7 = 7, r8 = 8, r9 = 9;
        long s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7, s8 = 8, s9 = 9;
        long t0 = 0, t1 = 1, t2 = 2, t3 = 3, t4 = 4, t5 = 5, t6 = 6, t7 = 7, t8 = 8, t9 = 9;
        long u0 = 0, u1 = 1, u2 = 2, u3 = 3, u4 = 4, u5 = 5, u6 = 6, u7 = 7, u8 = 8, u9 = 9;
        long v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9;
        long w0 = 0, w1 = 1, w2 = 2, w3 = 3, w4 = 4, w5 = 5, w6 = 6, w7 = 7, w8 = 8, w9 = 9;
        long x0 = 0, x1 = 1, x2 = 2, x3 = 3, x4 = 4, x5 = 5, x6 = 6, x7 = 7, x8 = 8, x9 = 9;
        long y0 = 0, y1 = 1, y2 = 2, y3 = 3, y4 = 4, y5 = 5, y6 = 6, y7 = 7, y8 = 8, y9 = 9;
        int big = a7;
        big += 1000;
        big -= 129;
        big++;
        double dd = d7 * big;
        Object obj = "x";
        float f = big;
        f += 1.5f;
        for (int i = 0; i < 3; i += 300) {
            big += i;
        }
        return l0 + l7 + (long) d0 + (long) dd + m9 + n9 + o9 + q9 + r9 + s9 + t9 + u9 + v9 + w9 + x9 + y9 + big
            + obj.hashCode() + (long) f;
    }

    static int bigConstants() {
        int a = 127, b = 128, c = -128, d = -129, e = 32767, f = 32768, g = -32768, h = -32769;
        return a + b + c + d + e + f + g + h + 5 + -1 + 0;
    }
}
