import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.zip.CRC32C;

// Java methods that HotSpot's interpreter runs through an intrinsic entry, never their bytecode
// (AbstractInterpreter::method_kind, JDK 17 and 25 on x86_64): Reference.get, Math.abs(double),
// Math.sqrt, Math.fma (double and float), CRC32C's updateBytes (private: called by CRC32C.update)
// and on JDK 25 StrictMath.sqrt, Math.tanh and Math.cbrt (HotSpot's own routines there; on JDK 17
// Math's Java code, StrictMath's counted). Called in loops directly, through method handles (which
// call the original method, as uninstrumented code does) and through an interface. The tanh and
// cbrt inputs are ones where java 25's results are the correctly rounded ones (its cbrt is off by
// an ulp at 0.17% of inputs, e.g. 54.39; the embedded engine rounds correctly).
public class Intrinsics {
    interface Getter<T> {
        T get();
    }

    static final class Ref extends WeakReference<Object> implements Getter<Object> {
        Ref(Object o) {
            super(o);
        }
    }

    public static void main(String[] args) throws Throwable {
        Object referent = new int[] {42};
        Ref weak = new Ref(referent);
        SoftReference<Object> soft = new SoftReference<>(referent);
        Getter<Object> getter = weak;
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle get = lookup.findVirtual(Reference.class, "get", MethodType.methodType(Object.class));
        MethodHandle sqrt = lookup.findStatic(Math.class, "sqrt", MethodType.methodType(double.class, double.class));
        MethodHandle abs = lookup.findStatic(Math.class, "abs", MethodType.methodType(double.class, double.class));
        MethodHandle cbrt = lookup.findStatic(Math.class, "cbrt", MethodType.methodType(double.class, double.class));
        MethodHandle tanh = lookup.findStatic(Math.class, "tanh", MethodType.methodType(double.class, double.class));
        int same = 0;
        for (int i = 0; i < 300; i++) {
            if (weak.get() == referent) same++;
            if (soft.get() == referent) same++;
            if (getter.get() == referent) same++;
            if ((Object) get.invokeExact((Reference<?>) weak) == referent) same++;
        }
        System.out.println("references " + same);
        double d = 0;
        float f = 0;
        long bits = 0;
        for (int i = 0; i < 300; i++) {
            double x = (i - 150) * 0.37;
            d += Math.abs(x) + Math.sqrt(i) + Math.fma(x, 1.5, -0.25);
            f += Math.fma((float) x, 0.5f, 1f);
            d += StrictMath.sqrt(i + 0.5);
            d += (double) sqrt.invokeExact((double) i) + (double) abs.invokeExact(x);
            bits += Double.doubleToRawLongBits(Math.abs(-Double.NaN)) >>> 60;
        }
        System.out.println("math " + d + " " + f + " " + bits);
        long cbrtBits = 0;
        long tanhBits = 0;
        for (int i = 0; i < 300; i++) {
            double x = (i - 150) * 0.41;
            cbrtBits += Double.doubleToRawLongBits(Math.cbrt(x)) + Double.doubleToRawLongBits((double) cbrt.invokeExact(x));
            tanhBits += Double.doubleToRawLongBits(Math.tanh(x * 0.1)) + Double.doubleToRawLongBits((double) tanh.invokeExact(x * 0.1));
        }
        System.out.println("cbrt " + Long.toHexString(cbrtBits) + " tanh " + Long.toHexString(tanhBits));
        CRC32C crc = new CRC32C();
        byte[] data = new byte[64];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 7);
        for (int i = 0; i < 100; i++) crc.update(data, 0, data.length);
        System.out.println("crc32c " + Long.toHexString(crc.getValue()));
    }
}
