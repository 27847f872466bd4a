import java.io.IOException;
import java.io.UncheckedIOException;

// Custom checked/unchecked exceptions, chaining (causes, initCause), rethrow, multi-catch,
// printStackTrace to stdout and stderr with "Caused by" and "... n more" elision, exceptions
// thrown from constructors, static methods, instance methods and lambdas.
public class Main {
    static class ValidationException extends Exception {
        final int code;
        ValidationException(String msg, int code) { super(msg); this.code = code; }
        ValidationException(String msg, Throwable cause) { super(msg, cause); this.code = -1; }
        @Override public String getMessage() { return super.getMessage() + " (code " + code + ")"; }
    }

    static class StorageError extends RuntimeException {
        StorageError(String msg, Throwable cause) { super(msg, cause); }
    }

    static class Record {
        final String key;
        Record(String key) throws ValidationException {
            if (key.isEmpty()) throw new ValidationException("empty key", 7);
            this.key = key;
        }
    }

    static void parse(String s) throws ValidationException {
        try {
            Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ValidationException("not a number: " + s, e);
        }
    }

    static void store(String s) {
        try {
            parse(s);
        } catch (ValidationException e) {
            throw new StorageError("cannot store " + s, e);
        }
    }

    static void io(boolean fail) throws IOException {
        if (fail) throw new IOException("disk on fire");
    }

    static int level3(int x) { if (x > 2) throw new IllegalStateException("too deep: " + x); return level3(x + 1) + 1; }

    public static void main(String[] args) {
        try {
            new Record("");
        } catch (ValidationException e) {
            System.out.println("caught " + e.getMessage() + " code " + e.code);
            e.printStackTrace(System.out);
        }
        try {
            store("12x");
        } catch (StorageError e) {
            System.out.println("chain:");
            for (Throwable t = e; t != null; t = t.getCause()) System.out.println("  " + t.getClass().getName() + ": " + t.getMessage());
            e.printStackTrace(System.out);
            e.printStackTrace();
        }
        for (int i = 0; i < 3; i++) {
            try {
                if (i == 0) io(true);
                if (i == 1) throw new UnsupportedOperationException("op " + i);
                if (i == 2) level3(0);
            } catch (IOException | UnsupportedOperationException e) {
                System.out.println("multi " + e);
            } catch (RuntimeException e) {
                System.out.println("runtime " + e);
                e.printStackTrace(System.out);
            }
        }
        Runnable r = () -> { try { io(true); } catch (IOException e) { throw new UncheckedIOException("wrapped", e); } };
        try {
            r.run();
        } catch (UncheckedIOException e) {
            e.printStackTrace(System.out);
        }
        Exception late = new Exception("late");
        late.initCause(new ArithmeticException("root"));
        late.addSuppressed(new IllegalArgumentException("suppressed one"));
        late.printStackTrace(System.out);
        StackTraceElement top = late.getStackTrace()[0];
        System.out.println(top.getClassName() + "." + top.getMethodName() + ":" + top.getLineNumber() + " " + top.getFileName());
    }
}
