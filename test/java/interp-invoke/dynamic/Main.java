import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantBootstraps;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.VarHandle;
import java.lang.invoke.VolatileCallSite;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import jdk.internal.org.objectweb.asm.ClassWriter;
import jdk.internal.org.objectweb.asm.ConstantDynamic;
import jdk.internal.org.objectweb.asm.Handle;
import jdk.internal.org.objectweb.asm.MethodVisitor;
import jdk.internal.org.objectweb.asm.Opcodes;
import jdk.internal.org.objectweb.asm.Type;

// invokedynamic with bootstraps of our own (constant, mutable and volatile call sites, every
// kind of static argument, a constructor as bootstrap, failures), dynamic constants (condy:
// ConstantBootstraps and our own), ldc of MethodType and MethodHandle constants of every
// reference kind. javac emits none of these, so the class is generated with the JDK's ASM.
public class Main implements Opcodes {
    static int counter;
    int field = 11;
    static int bsmCalls;
    static int condyCalls;
    static MutableCallSite mutable;

    public static int add(int a, int b) { return a + b; }
    public static int sub(int a, int b) { return a - b; }
    public static String hello(String who) { return "hello " + who; }
    public static String thrower(String s) { throw new IllegalArgumentException("thrown from " + s); }
    public String name() { return "Main#" + field; }
    interface Named { String name(); }
    static class Impl extends Main implements Named {}
    private String priv() { return "private"; }

    public static CallSite constant(MethodHandles.Lookup lk, String name, MethodType type) throws ReflectiveOperationException {
        bsmCalls++;
        return new ConstantCallSite(lk.findStatic(Main.class, name, type));
    }

    public static CallSite withArgs(MethodHandles.Lookup lk, String name, MethodType type, Object... args) {
        StringBuilder sb = new StringBuilder(name).append(type);
        for (Object a : args) sb.append(" | ").append(a instanceof Object[] ? Arrays.toString((Object[]) a) : a).append(" : ").append(a == null ? "null" : a.getClass().getSimpleName());
        return new ConstantCallSite(MethodHandles.constant(String.class, sb.toString()));
    }

    public static CallSite mutable(MethodHandles.Lookup lk, String name, MethodType type) throws ReflectiveOperationException {
        mutable = new MutableCallSite(lk.findStatic(Main.class, "add", type));
        return mutable;
    }

    public static CallSite volatileSite(MethodHandles.Lookup lk, String name, MethodType type) {
        return new VolatileCallSite(MethodHandles.constant(String.class, "volatile " + name).asType(type));
    }

    public static CallSite failing(MethodHandles.Lookup lk, String name, MethodType type) {
        throw new IllegalStateException("bootstrap failed for " + name);
    }

    public static CallSite wrongType(MethodHandles.Lookup lk, String name, MethodType type) {
        return new ConstantCallSite(MethodHandles.constant(String.class, "wrong"));
    }

    public static class MySite extends ConstantCallSite {
        public MySite(MethodHandles.Lookup lk, String name, MethodType type) throws ReflectiveOperationException {
            super(lk.findStatic(Main.class, "hello", type));
        }
    }

    public static Object answer(MethodHandles.Lookup lk, String name, Class<?> type) {
        condyCalls++;
        return type == long.class ? (Object) (1L << 42) : type == double.class ? (Object) 0.125 : type == boolean.class ? (Object) true : (Object) 42;
    }

    public static Object describe(MethodHandles.Lookup lk, String name, Class<?> type, Object a, Object b) {
        return name + ":" + type.getSimpleName() + ":" + a + ":" + b;
    }

    static final String GEN = "Gen";
    static final String MAIN = "Main";
    static final String BSM_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";
    static final String CONDY_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;";

    static Handle bsm(String name, String desc) { return new Handle(H_INVOKESTATIC, MAIN, name, desc, false); }
    static Handle cb(String name, String desc) { return new Handle(H_INVOKESTATIC, "java/lang/invoke/ConstantBootstraps", name, desc, false); }

    static MethodVisitor method(ClassWriter cw, String name, String desc) {
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, name, desc, null, null);
        mv.visitCode();
        return mv;
    }

    static void end(MethodVisitor mv, int op) {
        mv.visitInsn(op);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    static byte[] generate() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_SUPER, GEN, null, "java/lang/Object", null);
        MethodVisitor mv = method(cw, "indyAdd", "(II)I");
        mv.visitVarInsn(ILOAD, 0);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitInvokeDynamicInsn("add", "(II)I", bsm("constant", BSM_DESC));
        end(mv, IRETURN);

        mv = method(cw, "indySub", "(II)I");
        mv.visitVarInsn(ILOAD, 0);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitInvokeDynamicInsn("sub", "(II)I", bsm("constant", BSM_DESC));
        end(mv, IRETURN);

        mv = method(cw, "indyArgs", "()Ljava/lang/String;");
        ConstantDynamic intClass = new ConstantDynamic("I", "Ljava/lang/Class;", cb("primitiveClass", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;"));
        mv.visitInvokeDynamicInsn("args", "()Ljava/lang/String;", bsm("withArgs", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;"),
            42, 1L << 40, 1.5f, 2.5, "str", Type.getType("Ljava/util/List;"), Type.getType("[I"), Type.getMethodType("(I)J"), bsm("add", "(II)I"), intClass,
            new ConstantDynamic("flag", "Z", bsm("answer", CONDY_DESC)));
        end(mv, ARETURN);

        mv = method(cw, "indyMutable", "(II)I");
        mv.visitVarInsn(ILOAD, 0);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitInvokeDynamicInsn("m", "(II)I", bsm("mutable", BSM_DESC));
        end(mv, IRETURN);

        mv = method(cw, "indyVolatile", "()Ljava/lang/Object;");
        mv.visitInvokeDynamicInsn("v", "()Ljava/lang/Object;", bsm("volatileSite", BSM_DESC));
        end(mv, ARETURN);

        mv = method(cw, "indyCtor", "(Ljava/lang/String;)Ljava/lang/String;");
        mv.visitVarInsn(ALOAD, 0);
        mv.visitInvokeDynamicInsn("hello", "(Ljava/lang/String;)Ljava/lang/String;", new Handle(H_NEWINVOKESPECIAL, "Main$MySite", "<init>", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)V", false));
        end(mv, ARETURN);

        mv = method(cw, "indyThrows", "(Ljava/lang/String;)Ljava/lang/String;");
        mv.visitVarInsn(ALOAD, 0);
        mv.visitInvokeDynamicInsn("thrower", "(Ljava/lang/String;)Ljava/lang/String;", bsm("constant", BSM_DESC));
        end(mv, ARETURN);

        mv = method(cw, "indyFailing", "()V");
        mv.visitInvokeDynamicInsn("f", "()V", bsm("failing", BSM_DESC));
        end(mv, RETURN);

        mv = method(cw, "indyWrongType", "()I");
        mv.visitInvokeDynamicInsn("w", "()I", bsm("wrongType", BSM_DESC));
        end(mv, IRETURN);

        mv = method(cw, "badLambda", "()Ljava/util/function/Supplier;");
        mv.visitInvokeDynamicInsn("get", "()Ljava/util/function/Supplier;", new Handle(H_INVOKESTATIC, "java/lang/invoke/LambdaMetafactory", "metafactory",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;", false),
            Type.getMethodType("()Ljava/lang/Object;"), bsm("add", "(II)I"), Type.getMethodType("()Ljava/lang/Object;"));
        end(mv, ARETURN);

        mv = method(cw, "condyInt", "()I");
        mv.visitLdcInsn(new ConstantDynamic("answer", "I", bsm("answer", CONDY_DESC)));
        end(mv, IRETURN);

        mv = method(cw, "condyLong", "()J");
        mv.visitLdcInsn(new ConstantDynamic("answer", "J", bsm("answer", CONDY_DESC)));
        end(mv, LRETURN);

        mv = method(cw, "condyDouble", "()D");
        mv.visitLdcInsn(new ConstantDynamic("answer", "D", bsm("answer", CONDY_DESC)));
        end(mv, DRETURN);

        mv = method(cw, "condyObjects", "()[Ljava/lang/Object;");
        Object[] condys = {
            new ConstantDynamic("nothing", "Ljava/lang/String;", cb("nullConstant", CONDY_DESC)),
            new ConstantDynamic("SECONDS", "Ljava/util/concurrent/TimeUnit;", cb("enumConstant", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Enum;")),
            new ConstantDynamic("MAX_VALUE", "I", cb("getStaticFinal", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/Class;)Ljava/lang/Object;"), Type.getType("Ljava/lang/Integer;")),
            new ConstantDynamic("sum", "J", cb("invoke", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/invoke/MethodHandle;[Ljava/lang/Object;)Ljava/lang/Object;"), bsm("add", "(II)I"), 3, 4),
            new ConstantDynamic("counter", "Ljava/lang/invoke/VarHandle;", cb("staticFieldVarHandle", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/Class;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;"), Type.getType("LMain;"), new ConstantDynamic("I", "Ljava/lang/Class;", cb("primitiveClass", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;"))),
            new ConstantDynamic("desc", "Ljava/lang/String;", bsm("describe", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"), "x", new ConstantDynamic("answer", "I", bsm("answer", CONDY_DESC))),
            new ConstantDynamic("cast", "B", cb("explicitCast", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/Object;)Ljava/lang/Object;"), 300),
        };
        mv.visitIntInsn(BIPUSH, condys.length);
        mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
        for (int i = 0; i < condys.length; i++) {
            mv.visitInsn(DUP);
            mv.visitIntInsn(BIPUSH, i);
            mv.visitLdcInsn(condys[i]);
            String d = ((ConstantDynamic) condys[i]).getDescriptor();
            if (d.equals("I")) mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", false);
            if (d.equals("J")) mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false);
            if (d.equals("B")) mv.visitMethodInsn(INVOKESTATIC, "java/lang/Byte", "valueOf", "(B)Ljava/lang/Byte;", false);
            mv.visitInsn(AASTORE);
        }
        end(mv, ARETURN);

        mv = method(cw, "ldcTypes", "()[Ljava/lang/Object;");
        Object[] consts = {
            Type.getMethodType("(ILjava/lang/String;)V"),
            Type.getMethodType("()[[J"),
            new Handle(H_GETFIELD, MAIN, "field", "I", false),
            new Handle(H_GETSTATIC, MAIN, "counter", "I", false),
            new Handle(H_PUTFIELD, MAIN, "field", "I", false),
            new Handle(H_PUTSTATIC, MAIN, "counter", "I", false),
            new Handle(H_INVOKEVIRTUAL, MAIN, "name", "()Ljava/lang/String;", false),
            new Handle(H_INVOKESTATIC, MAIN, "hello", "(Ljava/lang/String;)Ljava/lang/String;", false),
            new Handle(H_INVOKESPECIAL, "java/lang/Object", "toString", "()Ljava/lang/String;", false),
            new Handle(H_NEWINVOKESPECIAL, "java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V", false),
            new Handle(H_INVOKEINTERFACE, "Main$Named", "name", "()Ljava/lang/String;", true),
        };
        mv.visitIntInsn(BIPUSH, consts.length);
        mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
        for (int i = 0; i < consts.length; i++) {
            mv.visitInsn(DUP);
            mv.visitIntInsn(BIPUSH, i);
            mv.visitLdcInsn(consts[i]);
            mv.visitInsn(AASTORE);
        }
        end(mv, ARETURN);

        mv = method(cw, "ldcSame", "()Z");
        mv.visitLdcInsn(new Handle(H_INVOKESTATIC, MAIN, "add", "(II)I", false));
        mv.visitLdcInsn(new Handle(H_INVOKESTATIC, MAIN, "add", "(II)I", false));
        mv.visitLdcInsn(new ConstantDynamic("answer", "Ljava/lang/Object;", bsm("answer", CONDY_DESC)));
        mv.visitInsn(POP);
        jdk.internal.org.objectweb.asm.Label no = new jdk.internal.org.objectweb.asm.Label();
        mv.visitJumpInsn(IF_ACMPNE, no);
        mv.visitInsn(ICONST_1);
        mv.visitInsn(IRETURN);
        mv.visitLabel(no);
        mv.visitInsn(ICONST_0);
        end(mv, IRETURN);

        mv = method(cw, "ldcMissing", "()Ljava/lang/Object;");
        mv.visitLdcInsn(new Handle(H_INVOKESTATIC, MAIN, "noSuchMethod", "()V", false));
        end(mv, ARETURN);
        cw.visitEnd();
        return cw.toByteArray();
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lk = MethodHandles.lookup();
        Class<?> gen = lk.defineClass(generate());
        MethodHandle indyAdd = lk.findStatic(gen, "indyAdd", MethodType.methodType(int.class, int.class, int.class));
        System.out.println("indy " + (int) indyAdd.invokeExact(2, 3) + " " + (int) indyAdd.invokeExact(4, 5) + " " + gen.getMethod("indySub", int.class, int.class).invoke(null, 9, 4) + " bootstraps " + bsmCalls);
        System.out.println("args " + gen.getMethod("indyArgs").invoke(null));
        MethodHandle indyMutable = lk.findStatic(gen, "indyMutable", MethodType.methodType(int.class, int.class, int.class));
        int before = (int) indyMutable.invokeExact(10, 3);
        mutable.setTarget(lk.findStatic(Main.class, "sub", MethodType.methodType(int.class, int.class, int.class)));
        MutableCallSite.syncAll(new MutableCallSite[] {mutable});
        System.out.println("mutable " + before + " " + (int) indyMutable.invokeExact(10, 3) + " " + mutable.getTarget().type());
        System.out.println("volatile " + gen.getMethod("indyVolatile").invoke(null) + " ctor " + gen.getMethod("indyCtor", String.class).invoke(null, "site"));
        MethodHandle indyThrows = lk.findStatic(gen, "indyThrows", MethodType.methodType(String.class, String.class));
        try {
            String s = (String) indyThrows.invokeExact("indy");
            System.out.println(s);
        } catch (IllegalArgumentException e) {
            e.printStackTrace(System.out);
        }
        MethodHandle failing = lk.findStatic(gen, "indyFailing", MethodType.methodType(void.class));
        Throwable first = null;
        for (int i = 0; i < 2; i++) {
            try {
                failing.invokeExact();
            } catch (BootstrapMethodError e) {
                System.out.println("failing " + e + " / " + e.getCause() + (first == null ? "" : " same " + (first == e)));
                first = e;
            }
        }
        try {
            int w = (int) lk.findStatic(gen, "indyWrongType", MethodType.methodType(int.class)).invokeExact();
            System.out.println(w);
        } catch (BootstrapMethodError e) {
            System.out.println("wrong type " + e.getMessage() + " / " + e.getCause());
        }
        try {
            gen.getMethod("badLambda").invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("bad lambda " + e.getCause() + " / " + e.getCause().getCause());
        }
        System.out.println("condy " + gen.getMethod("condyInt").invoke(null) + " " + gen.getMethod("condyLong").invoke(null) + " " + gen.getMethod("condyDouble").invoke(null) + " calls " + condyCalls);
        Object[] objs = (Object[]) gen.getMethod("condyObjects").invoke(null);
        System.out.println("condy objects " + objs[0] + " " + objs[1] + " " + (objs[1] == TimeUnit.SECONDS) + " " + objs[2] + " " + objs[3] + " " + ((VarHandle) objs[4]).varType() + " " + objs[5] + " " + objs[6]);
        ((VarHandle) objs[4]).set(99);
        System.out.println("condy varhandle " + counter);
        Object[] types = (Object[]) gen.getMethod("ldcTypes").invoke(null);
        System.out.println("ldc " + types[0] + " " + types[1] + " " + (types[0] == MethodType.methodType(void.class, int.class, String.class)));
        Main m = new Main();
        ((MethodHandle) types[4]).invoke(m, 5);
        ((MethodHandle) types[5]).invoke(7);
        System.out.println("handles " + ((MethodHandle) types[2]).invoke(m) + " " + ((MethodHandle) types[3]).invoke() + " " + ((MethodHandle) types[6]).invoke(m) + " " + ((MethodHandle) types[7]).invoke("ldc")
            + " " + ((MethodHandle) types[9]).invoke("sb") + " " + ((MethodHandle) types[10]).invoke(new Impl()));
        for (int i = 2; i < types.length; i++) System.out.println("  " + types[i] + " " + lk.revealDirect((MethodHandle) types[i]));
        System.out.println("same " + gen.getMethod("ldcSame").invoke(null) + " " + gen.getMethod("ldcSame").invoke(null) + " condy calls " + condyCalls);
        try {
            gen.getMethod("ldcMissing").invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("missing " + e.getCause());
        }
    }
}
