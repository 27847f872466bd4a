import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Spliterator;
import java.util.StringTokenizer;
import java.util.TreeSet;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.locks.StampedLock;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

// java.util and java.util.zip utilities that run JDK code with callbacks and natives:
// Deflater/Inflater, Base64, UUID (MD5), BitSet, Properties, StringTokenizer, Spliterator,
// IdentityHashMap, WeakHashMap, ForkJoin RecursiveTask, StampedLock, Phaser, ServiceLoader,
// enum constants with bodies, files through RandomAccessFile and FileChannel.
public class Main {
    interface Shape { double area(); }

    enum Op {
        ADD { int apply(int a, int b) { return a + b; } },
        MUL { int apply(int a, int b) { return a * b; } },
        POW {
            int apply(int a, int b) {
                int r = 1;
                for (int i = 0; i < b; i++) r *= a;
                return r;
            }
        };
        abstract int apply(int a, int b);
    }

    static final class SumTask extends RecursiveTask<Long> {
        final int[] a; final int lo, hi;
        SumTask(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
        @Override protected Long compute() {
            if (hi - lo <= 1000) {
                long s = 0;
                for (int i = lo; i < hi; i++) s += (long) a[i] * a[i];
                return s;
            }
            int mid = (lo + hi) >>> 1;
            SumTask left = new SumTask(a, lo, mid);
            left.fork();
            long right = new SumTask(a, mid, hi).compute();
            return left.join() + right;
        }
    }

    static byte[] deflate(byte[] in, int level) {
        Deflater d = new Deflater(level);
        d.setInput(in);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[64];
        while (!d.finished()) out.write(buf, 0, d.deflate(buf));
        d.end();
        return out.toByteArray();
    }

    static byte[] inflate(byte[] in) throws DataFormatException {
        Inflater f = new Inflater();
        f.setInput(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[100];
        while (!f.finished()) {
            int n = f.inflate(buf);
            if (n == 0 && f.needsInput()) break;
            out.write(buf, 0, n);
        }
        f.end();
        return out.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200; i++) text.append("line ").append(i % 7).append(" of komorium\n");
        byte[] raw = text.toString().getBytes(StandardCharsets.UTF_8);
        byte[] packed = deflate(raw, 9);
        byte[] back = inflate(packed);
        System.out.println("deflate " + raw.length + " -> " + (packed.length < raw.length / 4) + " roundtrip " + java.util.Arrays.equals(raw, back));
        try {
            inflate(new byte[] {1, 2, 3, 4, 5});
        } catch (DataFormatException e) {
            System.out.println("bad data: " + e.getMessage());
        }

        String b64 = Base64.getEncoder().encodeToString("Komorium profiles Java!?".getBytes(StandardCharsets.UTF_8));
        System.out.println(b64 + " " + Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] {(byte) 0xfb, (byte) 0xff, 1}));
        System.out.println(new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8) + " " + Base64.getMimeEncoder().encodeToString(new byte[60]).length());
        try {
            Base64.getDecoder().decode("not base64!");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }

        UUID u = UUID.nameUUIDFromBytes("komorium".getBytes(StandardCharsets.UTF_8));
        UUID p = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        System.out.println(u + " v" + u.version() + " " + p.getMostSignificantBits() + " " + p.compareTo(u) + " " + new UUID(1L, 2L));

        BitSet primes = new BitSet(200);
        primes.set(2, 200);
        for (int i = 2; i * i < 200; i++) if (primes.get(i)) for (int j = i * i; j < 200; j += i) primes.clear(j);
        BitSet odd = new BitSet();
        for (int i = 1; i < 200; i += 2) odd.set(i);
        BitSet both = (BitSet) primes.clone();
        both.and(odd);
        System.out.println(primes.cardinality() + " " + both.cardinality() + " " + primes.nextSetBit(100) + " " + primes.previousSetBit(99) + " " + both.stream().limit(5).boxed().toList() + " " + BitSet.valueOf(new long[] {0b1011}) + " " + primes.length());

        Properties props = new Properties();
        props.load(new StringReader("# comment\nname = komorium\nsize:42\nmulti = a\\\n  b\nunicode=\\u00e9t\\u00e9\n"));
        System.out.println(new TreeSet<>(props.stringPropertyNames()) + " " + props.getProperty("multi") + " " + props.getProperty("unicode") + " " + props.getProperty("missing", "dflt") + " " + Integer.parseInt(props.getProperty("size")) * 2);

        StringTokenizer st = new StringTokenizer("a=1; b=2;c = 3", ";= ", true);
        List<String> toks = new ArrayList<>();
        while (st.hasMoreTokens()) toks.add(st.nextToken());
        System.out.println(toks.size() + " " + toks);

        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 20; i++) nums.add(i * i);
        Spliterator<Integer> s1 = nums.spliterator();
        Spliterator<Integer> s2 = s1.trySplit();
        long[] sums = new long[2];
        s1.forEachRemaining(x -> sums[0] += x);
        s2.forEachRemaining(x -> sums[1] += x);
        System.out.println("split " + s1.characteristics() + " " + sums[0] + " " + sums[1]);

        IdentityHashMap<String, Integer> ids = new IdentityHashMap<>();
        String k1 = new String("key"), k2 = new String("key");
        ids.put(k1, 1);
        ids.put(k2, 2);
        ids.put(k1, 3);
        WeakHashMap<String, Integer> weak = new WeakHashMap<>();
        weak.put(k1, 10);
        weak.put("other", 20);
        System.out.println(ids.size() + " " + ids.get(k1) + " " + ids.get(k2) + " " + ids.get("key") + " weak " + weak.get(k1) + " " + weak.get("key") + " " + weak.containsKey("other"));

        int[] data = new int[100_000];
        for (int i = 0; i < data.length; i++) data[i] = (i * 31 + 7) % 1000;
        ForkJoinPool pool = new ForkJoinPool(2);
        long total = pool.invoke(new SumTask(data, 0, data.length));
        pool.shutdown();
        long check = 0;
        for (int x : data) check += (long) x * x;
        System.out.println("forkjoin " + total + " " + (total == check) + " common " + ForkJoinPool.commonPool().submit(() -> 6 * 7).get());

        StampedLock sl = new StampedLock();
        long stamp = sl.tryOptimisticRead();
        boolean valid = sl.validate(stamp);
        long ws = sl.writeLock();
        boolean invalidNow = sl.validate(stamp);
        sl.unlockWrite(ws);
        Phaser ph = new Phaser(1);
        int[] phases = new int[3];
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            ph.register();
            ts[i] = new Thread(() -> {
                phases[id] = ph.arriveAndAwaitAdvance();
                ph.arriveAndDeregister();
            });
            ts[i].start();
        }
        int ph0 = ph.arriveAndAwaitAdvance();
        for (Thread t : ts) t.join();
        System.out.println("stamped " + valid + " " + invalidNow + " phaser " + ph0 + " " + phases[0] + phases[1] + phases[2] + " " + ph.getRegisteredParties());

        int providers = 0;
        for (Shape sh : ServiceLoader.load(Shape.class)) providers++;
        System.out.println("providers " + providers);

        for (Op op : Op.values()) System.out.print(op + "(" + op.getClass().getSuperclass().getSimpleName() + ")=" + op.apply(3, 4) + " ");
        System.out.println(Op.valueOf("POW").getDeclaringClass().getSimpleName());

        Path dir = Files.createTempDirectory("komorium-utils");
        Path f = dir.resolve("data.bin");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            for (int i = 0; i < 10; i++) raf.writeInt(i * i);
            raf.seek(12);
            System.out.print("raf " + raf.readInt() + " len " + raf.length());
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            ByteBuffer bb = ByteBuffer.allocate(8);
            ch.position(32);
            ch.read(bb);
            bb.flip();
            System.out.println(" channel " + bb.getInt() + " " + bb.getInt() + " size " + ch.size());
        }
        Files.writeString(dir.resolve("t.txt"), "alpha\nbeta\ngamma\n");
        System.out.println(Files.readAllLines(dir.resolve("t.txt")) + " " + Files.size(dir.resolve("t.txt")));
        try (var listing = Files.list(dir)) {
            System.out.println(listing.map(x -> x.getFileName().toString()).sorted().toList());
        }
        Files.delete(f);
        Files.delete(dir.resolve("t.txt"));
        Files.delete(dir);
        try {
            Files.readString(f);
        } catch (IOException e) {
            System.out.println(e.getClass().getSimpleName() + " " + e.getMessage().endsWith("data.bin"));
        }
    }
}
