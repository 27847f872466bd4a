import java.math.BigInteger;

// BigInteger: factorials, Fibonacci, powers, modPow/modInverse, gcd, bit operations,
// negative numbers and two's complement, toString/parse in radixes, probable primes with a
// fixed certainty, sqrt, division with remainder, comparisons, byte arrays, exceptions.
public class Main {
    public static void main(String[] args) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= 50; i++) f = f.multiply(BigInteger.valueOf(i));
        System.out.println("50! = " + f + " bits " + f.bitLength() + " trailing zeros " + f.getLowestSetBit());
        BigInteger a = BigInteger.ZERO, b = BigInteger.ONE;
        for (int i = 0; i < 200; i++) { BigInteger t = a.add(b); a = b; b = t; }
        System.out.println("fib(200) = " + a);
        BigInteger two = BigInteger.TWO;
        System.out.println(two.pow(127).subtract(BigInteger.ONE) + " prime? " + two.pow(127).subtract(BigInteger.ONE).isProbablePrime(50) + " " + two.pow(128).add(BigInteger.ONE).isProbablePrime(50));
        BigInteger m = new BigInteger("1000000007");
        System.out.println(BigInteger.valueOf(3).modPow(BigInteger.valueOf(1_000_000), m) + " " + BigInteger.valueOf(12345).modInverse(m) + " " + BigInteger.valueOf(-7).mod(BigInteger.valueOf(3)) + " " + BigInteger.valueOf(-7).remainder(BigInteger.valueOf(3)));
        System.out.println(new BigInteger("123456789012345678901234567890").gcd(new BigInteger("987654321098765432109876543210")));
        BigInteger[] qr = f.divideAndRemainder(new BigInteger("99999999999999999"));
        System.out.println(qr[0] + " r " + qr[1]);
        BigInteger neg = BigInteger.valueOf(-12345);
        System.out.println(neg.toString(2) + " " + neg.toString(16) + " " + neg.not() + " " + neg.and(BigInteger.valueOf(0xFF)) + " " + neg.shiftRight(3) + " " + neg.shiftLeft(70) + " " + neg.testBit(0) + " " + neg.bitCount() + " " + neg.abs().setBit(20).flipBit(0));
        System.out.println(new BigInteger("zz", 36) + " " + new BigInteger("-ff", 16) + " " + BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE).toString(36) + " " + new BigInteger("777", 8).toString(3));
        System.out.println(f.sqrt() + " " + f.sqrt().pow(2).compareTo(f) + " " + BigInteger.valueOf(10).compareTo(BigInteger.TEN) + " " + BigInteger.TEN.equals(new BigInteger("10")) + " " + BigInteger.valueOf(100).hashCode());
        System.out.println(java.util.Arrays.toString(BigInteger.valueOf(-129).toByteArray()) + " " + new BigInteger(new byte[] {1, 0, 0}) + " " + new BigInteger(1, new byte[] {(byte) 0xff, (byte) 0xff}));
        System.out.println(BigInteger.valueOf(Long.MIN_VALUE).negate() + " " + BigInteger.valueOf(Long.MAX_VALUE).longValue() + " " + two.pow(70).longValue() + " " + two.pow(70).intValue() + " " + two.pow(70).doubleValue() + " " + BigInteger.valueOf(97).nextProbablePrime());
        try {
            two.pow(64).longValueExact();
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        try {
            BigInteger.ONE.divide(BigInteger.ZERO);
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        try {
            new BigInteger("12a");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        BigInteger collatz = new BigInteger("837799");
        int steps = 0;
        while (!collatz.equals(BigInteger.ONE)) { collatz = collatz.testBit(0) ? collatz.multiply(BigInteger.valueOf(3)).add(BigInteger.ONE) : collatz.shiftRight(1); steps++; }
        System.out.println("collatz steps " + steps + " min/max " + BigInteger.ONE.min(two) + " " + BigInteger.ONE.max(two) + " signum " + neg.signum());
    }
}
