// Constant static fields (a ConstantValue attribute) read through Unsafe before their class is
// initialised (issue 15 item 2). HotSpot gives them their values when it makes the class's mirror
// (at loading: java_lang_Class::create_mirror, initialize_static_field), the embedded engine did
// at initialisation; so a read through `staticFieldBase`/`staticFieldOffset` (which initialise
// nothing) printed zeros and null there. java prints the same on both engines.
import java.lang.reflect.Field;

public class ConstantStatics {
  static class Holder {
    static final int I = 12345;
    static final long J = 1L << 40;
    static final float F = 1.5f;
    static final double D = -2.25;
    static final char C = 'x';
    static final boolean Z = true;
    static final byte B = -7;
    static final short S = 300;
    static final String STR = "constant";
    static final String NOT_CONSTANT = String.valueOf(42);
    static {
      System.out.println("Holder initialised");
    }
  }

  interface Constants {
    String NAME = "in an interface";
    int N = 99;
  }

  static int sum;

  public static void main(String[] args) throws Exception {
    Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
    for (Class<?> c : new Class<?>[] { Holder.class, Constants.class }) {
      StringBuilder sb = new StringBuilder(c.getSimpleName());
      for (Field x : c.getDeclaredFields()) {
        Object base = u.staticFieldBase(x);
        long off = u.staticFieldOffset(x);
        Object v;
        Class<?> t = x.getType();
        if (t == int.class) v = u.getInt(base, off);
        else if (t == long.class) v = u.getLong(base, off);
        else if (t == float.class) v = u.getFloat(base, off);
        else if (t == double.class) v = u.getDouble(base, off);
        else if (t == char.class) v = u.getChar(base, off);
        else if (t == boolean.class) v = u.getBoolean(base, off);
        else if (t == byte.class) v = u.getByte(base, off);
        else if (t == short.class) v = u.getShort(base, off);
        else v = u.getObject(base, off);
        sb.append(' ').append(x.getName()).append('=').append(v);
        if (v instanceof String) sb.append(v == "constant" || v == "in an interface" ? " (the literal)" : " (another string)");
      }
      System.out.println(sb);
    }
    // Work that follows the values read (so the profiles differ under main when they do).
    Field i = Holder.class.getDeclaredField("I");
    int n = u.getInt(u.staticFieldBase(i), u.staticFieldOffset(i)) / 100;
    for (int k = 0; k < n; k++) sum += Integer.toString(k).length();
    System.out.println("sum " + sum);
    System.out.println("then initialised: " + Holder.NOT_CONSTANT + " " + Holder.I);
  }
}
