// Exceptions the VM makes (issue 15 item 2): each kind thrown by a bytecode or a native and
// caught, in a loop. HotSpot makes them with their Java constructors (Exceptions::new_exception:
// Throwable.<init>, NullPointerException.fillInStackTrace...), counted with the JDK instrumented;
// the embedded engine has to run the same code. Few iterations per site, so that no site gets hot
// enough for C2's preallocated exceptions.
public class VmExceptions {
    static Object[] nulls = new Object[1];
    static int zero = 0;

    static int npe(int i) {
        try {
            String s = (String) nulls[0];
            return s.length() + i;
        } catch (NullPointerException e) {
            return e.getMessage() == null ? -1 : e.getMessage().length();
        }
    }

    static int arithmetic(int i) {
        try {
            return i / zero;
        } catch (ArithmeticException e) {
            return e.getMessage().length();
        }
    }

    static int index(int[] a, int i) {
        try {
            return a[i + a.length];
        } catch (ArrayIndexOutOfBoundsException e) {
            return e.getMessage().length();
        }
    }

    static int cast(Object o) {
        try {
            return ((String) o).length();
        } catch (ClassCastException e) {
            return e.getMessage().length();
        }
    }

    static int negative(int i) {
        try {
            return new int[-1 - i].length;
        } catch (NegativeArraySizeException e) {
            return e.getMessage().length();
        }
    }

    static int store(Object[] a, int i) {
        try {
            a[0] = Integer.valueOf(i);
            return 0;
        } catch (ArrayStoreException e) {
            return e.getMessage().length();
        }
    }

    static int copy(int i) {
        try {
            System.arraycopy(new int[2], 0, new long[2], 0, 1 + (i & 1));
            return 0;
        } catch (ArrayStoreException e) {
            return e.getMessage().length();
        }
    }

    static int copyBounds(int i) {
        try {
            System.arraycopy(new int[2], 0, new int[2], i & 1, 3);
            return 0;
        } catch (ArrayIndexOutOfBoundsException e) {
            return e.getMessage().length();
        }
    }

    static int stackTrace(int i) {
        try {
            Object o = nulls[0];
            return o.hashCode() + i;
        } catch (NullPointerException e) {
            return e.getStackTrace().length;
        }
    }

    public static void main(String[] args) {
        int[] a = new int[3];
        Object[] strings = new String[1];
        long sum = 0;
        for (int i = 0; i < 40; i++) {
            sum += npe(i) + arithmetic(i) + index(a, i) + cast(Integer.valueOf(i)) + negative(i);
            sum += store(strings, i) + copy(i) + copyBounds(i) + stackTrace(i);
        }
        System.out.println(sum);
        try {
            Object o = nulls[0];
            o.toString();
        } catch (NullPointerException e) {
            System.out.println(e.getMessage());
        }
    }
}
