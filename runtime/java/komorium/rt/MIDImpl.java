package komorium.rt;

/**
 * The method identifier that generated code creates, one per instrumented method, in a
 * {@code static final} synthetic field initialised at the start of the class's
 * {@code <clinit>} through {@link #create}. It keeps names only, never a Class reference, so
 * the class can still be unloaded (paper 000, Section 3.1).
 *
 * <p>Runtime rule: no method here calls into the JDK except {@code Object} itself.
 */
public final class MIDImpl implements MID {
    /** Class name as given by the generated code: internal form, e.g. {@code java/util/ArrayList}. */
    public final String className;
    /** Method name, e.g. {@code <init>} or {@code add}. */
    public final String methodName;
    /** JVM method descriptor, e.g. {@code (Ljava/lang/Object;)Z}. */
    public final String descriptor;
    /** The class's SourceFile attribute, or null when it has none. */
    public final String sourceFile;
    /** A process-wide sequence number (creation order), used for hashing by agents. */
    public final int id;

    /** Used by the profile writer at shutdown only (single thread). */
    int exportKey = -1;

    private static final Object LOCK = new Object();
    private static int nextId;

    /** Stands for a reified-stack entry that is not a method identifier (null or foreign). */
    public static final MIDImpl UNKNOWN = new MIDImpl("<unknown>", "<unknown>", "()V", null);

    private MIDImpl(String className, String methodName, String descriptor, String sourceFile) {
        this.className = className == null ? "<unknown>" : className;
        this.methodName = methodName == null ? "<unknown>" : methodName;
        this.descriptor = descriptor == null ? "()V" : descriptor;
        this.sourceFile = sourceFile;
        int i;
        synchronized (LOCK) {
            i = nextId++;
        }
        this.id = i;
    }

    /**
     * The factory generated code calls:
     * {@code invokestatic komorium/rt/MIDImpl.create
     * (Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Lkomorium/rt/MID;}.
     *
     * @param className internal class name ({@code pkg/Outer$Inner})
     * @param methodName method name
     * @param descriptor the ORIGINAL method descriptor (not the extended one)
     * @param sourceFile the SourceFile attribute, or null
     */
    public static MID create(String className, String methodName, String descriptor, String sourceFile) {
        return new MIDImpl(className, methodName, descriptor, sourceFile);
    }

    public String getClassName() {
        return className;
    }

    public String getMethodName() {
        return methodName;
    }

    public String getDescriptor() {
        return descriptor;
    }

    public String getSourceFile() {
        return sourceFile;
    }

    /** Paper 000 Figure 1: name and signature, e.g. {@code sq(I)I}. */
    public String getMethodNameSig() {
        return methodName + descriptor;
    }

    @Override
    public String toString() {
        return className + "." + methodName + descriptor;
    }
}
