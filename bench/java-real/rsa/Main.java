// BigInteger-heavy work (issue 16 item 9): RSA key generation with a seeded generator (probable
// primes: Miller-Rabin and Lucas-Lehmer tests, modPow), then signing and verifying with the keys
// (CRT modPow). Deterministic: prints a digest of the keys and signatures.
// Argument: number of keys (default 4), key size in bits (default 1024).
import java.math.BigInteger;
import java.util.Random;

public class Main {
    public static void main(String[] args) {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int bits = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        Random rnd = new Random(42);
        BigInteger e = BigInteger.valueOf(65537);
        BigInteger digest = BigInteger.ZERO;
        for (int k = 0; k < keys; k++) {
            BigInteger p, q, phi;
            do {
                p = BigInteger.probablePrime(bits / 2, rnd);
                q = BigInteger.probablePrime(bits / 2, rnd);
                phi = p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE));
            } while (!phi.gcd(e).equals(BigInteger.ONE) || p.equals(q));
            BigInteger n = p.multiply(q), d = e.modInverse(phi);
            BigInteger dp = d.mod(p.subtract(BigInteger.ONE)), dq = d.mod(q.subtract(BigInteger.ONE)), qinv = q.modInverse(p);
            for (int m = 1; m <= 8; m++) {
                BigInteger msg = new BigInteger(bits - 8, rnd);
                BigInteger s1 = msg.modPow(dp, p), s2 = msg.modPow(dq, q);
                BigInteger sig = s2.add(q.multiply(qinv.multiply(s1.subtract(s2)).mod(p)));
                if (!sig.modPow(e, n).equals(msg)) throw new AssertionError("bad signature");
                digest = digest.xor(sig);
            }
            digest = digest.xor(n);
        }
        System.out.println(keys + " keys of " + bits + " bits, digest " + digest.toString(16).substring(0, 32));
    }
}
