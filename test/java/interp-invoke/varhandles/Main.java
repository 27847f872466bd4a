import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.invoke.WrongMethodTypeException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.concurrent.atomic.LongAdder;

// VarHandles on fields of every type, static fields, array elements and byte-array views, all
// access modes; the java.util.concurrent.atomic classes built on them.
public class Main {
    volatile int i;
    long l;
    boolean z;
    byte b;
    short s;
    char c;
    float f;
    double d;
    String ref = "r0";
    final int constant = 5;
    static int si = 1;
    static Object so = "so";
    volatile String updated = "u0";

    static final VarHandle I, L, Z, B, S, C, F, D, REF, CONST, SI, SO;
    static {
        try {
            MethodHandles.Lookup lk = MethodHandles.lookup();
            I = lk.findVarHandle(Main.class, "i", int.class);
            L = lk.findVarHandle(Main.class, "l", long.class);
            Z = lk.findVarHandle(Main.class, "z", boolean.class);
            B = lk.findVarHandle(Main.class, "b", byte.class);
            S = lk.findVarHandle(Main.class, "s", short.class);
            C = lk.findVarHandle(Main.class, "c", char.class);
            F = lk.findVarHandle(Main.class, "f", float.class);
            D = lk.findVarHandle(Main.class, "d", double.class);
            REF = lk.findVarHandle(Main.class, "ref", String.class);
            CONST = lk.unreflectVarHandle(Main.class.getDeclaredField("constant"));
            SI = lk.findStaticVarHandle(Main.class, "si", int.class);
            SO = lk.findStaticVarHandle(Main.class, "so", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) {
        Main m = new Main();
        I.set(m, 10);
        System.out.println("int " + (int) I.get(m) + " " + I.compareAndSet(m, 10, 11) + " " + I.compareAndSet(m, 10, 12) + " " + (int) I.getAndAdd(m, 5) + " " + (int) I.getAndSet(m, 3)
            + " " + (int) I.compareAndExchange(m, 3, 4) + " " + (int) I.getVolatile(m) + " " + (int) I.getAcquire(m) + " " + (int) I.getOpaque(m) + " " + I.weakCompareAndSet(m, 4, 6)
            + " " + (int) I.getAndBitwiseOr(m, 8) + " " + (int) I.getAndBitwiseAnd(m, 12) + " " + (int) I.getAndBitwiseXor(m, 1) + " " + m.i);
        I.setVolatile(m, 100);
        I.setRelease(m, 101);
        I.setOpaque(m, 102);
        System.out.println("int modes " + m.i + " " + I.weakCompareAndSetPlain(m, 102, 103) + " " + I.weakCompareAndSetAcquire(m, 103, 104) + " " + I.weakCompareAndSetRelease(m, 104, 105)
            + " " + (int) I.compareAndExchangeAcquire(m, 105, 106) + " " + (int) I.compareAndExchangeRelease(m, 106, 107) + " " + (int) I.getAndAddAcquire(m, 1) + " " + (int) I.getAndAddRelease(m, 1) + " " + m.i);
        L.set(m, Long.MAX_VALUE - 1);
        System.out.println("long " + (long) L.getAndAdd(m, 1L) + " " + (long) L.get(m) + " " + L.compareAndSet(m, Long.MAX_VALUE, -1L) + " " + m.l + " " + (long) L.getAndBitwiseAnd(m, 0xffL) + " " + m.l);
        Z.set(m, true);
        B.set(m, (byte) -3);
        S.set(m, (short) 300);
        C.set(m, 'q');
        F.set(m, 1.5f);
        D.set(m, 2.25);
        System.out.println("small " + (boolean) Z.getAndSet(m, false) + " " + m.z + " " + (byte) B.getAndAdd(m, (byte) 4) + " " + m.b + " " + (short) S.compareAndExchange(m, (short) 300, (short) -1) + " " + m.s
            + " " + (char) C.getAndSet(m, 'w') + m.c + " " + (float) F.getAndAdd(m, 1f) + " " + m.f + " " + (double) D.compareAndExchange(m, 2.25, 9.5) + " " + m.d + " " + Z.compareAndSet(m, false, true) + m.z);
        System.out.println("ref " + (String) REF.getAndSet(m, "r1") + " " + REF.compareAndSet(m, "r1", "r2") + " " + m.ref + " " + (String) REF.compareAndExchange(m, "nope", "r3") + " " + REF.get(m));
        System.out.println("static " + (int) SI.getAndAdd(5) + " " + si + " " + SO.compareAndSet("so", (Object) "so2") + " " + SO.get() + " " + SI.varType() + " " + SI.coordinateTypes() + " " + I.coordinateTypes());
        System.out.println("final " + (int) CONST.get(m) + " " + CONST.isAccessModeSupported(VarHandle.AccessMode.SET) + " " + I.isAccessModeSupported(VarHandle.AccessMode.GET_AND_ADD) + " " + REF.isAccessModeSupported(VarHandle.AccessMode.GET_AND_ADD));
        try {
            CONST.set(m, 6);
        } catch (UnsupportedOperationException e) {
            System.out.println("read-only: " + e.getClass().getName());
        }
        try {
            REF.getAndAdd(m, "x");
        } catch (UnsupportedOperationException e) {
            System.out.println("no numeric ops on references: " + e.getClass().getName());
        }
        try {
            I.set(m, "not an int");
        } catch (ClassCastException | WrongMethodTypeException e) {
            System.out.println("wrong type: " + e.getClass().getName());
        }
        try {
            I.get((Main) null);
        } catch (NullPointerException e) {
            System.out.println("null receiver: NPE");
        }
        System.out.println("toString " + I.accessModeType(VarHandle.AccessMode.COMPARE_AND_SET) + " " + I.toMethodHandle(VarHandle.AccessMode.GET_AND_ADD).type());

        // arrays
        VarHandle ia = MethodHandles.arrayElementVarHandle(int[].class);
        VarHandle la = MethodHandles.arrayElementVarHandle(long[].class);
        VarHandle oa = MethodHandles.arrayElementVarHandle(String[].class);
        VarHandle da = MethodHandles.arrayElementVarHandle(double[].class);
        int[] ints = new int[4];
        long[] longs = new long[3];
        String[] strs = {"a", "b"};
        double[] dbls = new double[2];
        ia.set(ints, 1, 5);
        ia.getAndAdd(ints, 1, 10);
        ia.compareAndSet(ints, 2, 0, 7);
        la.setVolatile(longs, 2, 1L << 50);
        la.getAndAdd(longs, 2, 3L);
        oa.compareAndSet(strs, 0, "a", "A");
        oa.getAndSet(strs, 1, "B");
        da.set(dbls, 0, 0.5);
        System.out.println("arrays " + Arrays.toString(ints) + " " + Arrays.toString(longs) + " " + Arrays.toString(strs) + " " + (double) da.getAndAdd(dbls, 0, 1.0) + " " + Arrays.toString(dbls));
        try {
            ia.get(ints, 4);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("bounds " + e.getMessage());
        }
        try {
            Object[] objs = new Integer[1];
            MethodHandles.arrayElementVarHandle(Object[].class).set(objs, 0, "str");
        } catch (ArrayStoreException e) {
            System.out.println("store " + e.getClass().getName());
        }

        // byte array and buffer views
        byte[] bytes = new byte[16];
        VarHandle beInt = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        VarHandle leLong = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        VarHandle leShort = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
        beInt.set(bytes, 0, 0x01020304);
        leLong.set(bytes, 8, 0x1122334455667788L);
        leShort.set(bytes, 4, (short) 0x7f80);
        System.out.println("views " + Arrays.toString(bytes) + " " + Integer.toHexString((int) beInt.get(bytes, 0)) + " " + Long.toHexString((long) leLong.get(bytes, 8)) + " " + beInt.compareAndSet(bytes, 0, 0x01020304, 42) + " " + (int) beInt.get(bytes, 0));
        ByteBuffer bb = ByteBuffer.allocate(8);
        VarHandle bbInt = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        bbInt.set(bb, 4, 77);
        System.out.println("buffer " + bb.getInt(4) + " " + (int) bbInt.getAndAdd(bb, 4, 3) + " " + bb.getInt(4));

        // java.util.concurrent.atomic (VarHandle-based in JDK 17)
        AtomicInteger ai = new AtomicInteger();
        AtomicLong al = new AtomicLong(5);
        AtomicReference<String> ar = new AtomicReference<>("x");
        AtomicIntegerArray aia = new AtomicIntegerArray(3);
        AtomicReferenceArray<String> ara = new AtomicReferenceArray<>(2);
        System.out.println("atomic " + ai.incrementAndGet() + " " + ai.updateAndGet(x -> x * 10) + " " + ai.accumulateAndGet(3, Integer::sum) + " " + al.getAndUpdate(x -> x + 1) + " " + al.get()
            + " " + ar.updateAndGet(s -> s + "y") + " " + ar.compareAndExchange("xy", "z") + " " + ar.get() + " " + aia.addAndGet(1, 4) + " " + aia + " " + ara.compareAndSet(0, null, "e") + " " + ara);
        AtomicReferenceFieldUpdater<Main, String> up = AtomicReferenceFieldUpdater.newUpdater(Main.class, String.class, "updated");
        System.out.println("updater " + up.compareAndSet(m, "u0", "u1") + " " + up.getAndSet(m, "u2") + " " + m.updated);
        LongAdder adder = new LongAdder();
        for (int k = 0; k < 100; k++) adder.add(k);
        System.out.println("adder " + adder.sum() + " " + adder);
        VarHandle.fullFence();
        VarHandle.acquireFence();
        VarHandle.releaseFence();
        VarHandle.loadLoadFence();
        VarHandle.storeStoreFence();
        System.out.println("fences done");
    }
}
