package komorium.rt;

import java.lang.reflect.Field;

/**
 * The default agent's children tables (InvocationNode.child) place a method by its names, not by
 * when its MID was made (test/unit/runtime-hash-key.test.ts): the same methods, their MIDs
 * created before and after other MIDs (as when a live snapshot initialises a class earlier than
 * a plain run does), fill the same slots.
 */
public class HashKeyCheck {
    public static void main(String[] args) throws Exception {
        String[] names = new String[12];
        for (int i = 0; i < names.length; i++) names[i] = "p/C" + i + "\u0000m" + i + "\u0000()V\u0000C" + i + ".java";
        String first = layout(names, 0);
        String later = layout(names, 5);
        System.out.println(first.equals(later) ? "same" : "differs\n" + first + "\n" + later);
    }

    /** The slots the children of one node take, their MIDs made after `others` unrelated ones. */
    private static String layout(String[] names, int others) throws Exception {
        for (int i = 0; i < others; i++) MIDImpl.create("p/Other\u0000x" + i + "\u0000()V");
        MIDImpl[] mids = new MIDImpl[names.length];
        for (int i = 0; i < names.length; i++) mids[i] = (MIDImpl) MIDImpl.create(names[i]);
        Object tree = new Object();
        InvocationNode root = new InvocationNode(MIDImpl.UNKNOWN, 0, null, tree);
        for (int i = 0; i < mids.length; i++) root.child(mids[i], 10 + i);
        Field f = InvocationNode.class.getDeclaredField("kids");
        f.setAccessible(true);
        InvocationNode[] kids = (InvocationNode[]) f.get(root);
        StringBuilder sb = new StringBuilder();
        for (InvocationNode k : kids) sb.append(k == null ? "-" : k.mid.getMethodName()).append(' ');
        return sb.toString();
    }
}
