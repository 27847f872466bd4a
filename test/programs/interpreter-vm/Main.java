import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

// A small stack-machine interpreter: an assembler with labels, a dispatch loop over a big
// switch, calls and returns with a frame stack, and three programs (iterative factorial,
// recursive Fibonacci, primes by trial division); prints results and instruction counts.
public class Main {
    enum Op { PUSH, LOAD, STORE, ADD, SUB, MUL, DIV, MOD, LT, EQ, JMP, JZ, CALL, RET, PRINT, HALT, DUP, POP, SWAP }

    record Insn(Op op, int arg) {}

    static List<Insn> assemble(String src) {
        Map<String, Integer> labels = new HashMap<>();
        List<String[]> lines = new ArrayList<>();
        for (String raw : src.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty()) continue;
            if (line.endsWith(":")) { labels.put(line.substring(0, line.length() - 1), lines.size()); continue; }
            lines.add(line.split("\\s+"));
        }
        List<Insn> code = new ArrayList<>();
        for (String[] parts : lines) {
            Op op = Op.valueOf(parts[0].toUpperCase());
            int arg = 0;
            if (parts.length > 1) arg = labels.containsKey(parts[1]) ? labels.get(parts[1]) : Integer.parseInt(parts[1]);
            code.add(new Insn(op, arg));
        }
        return code;
    }

    static long run(List<Insn> code, StringBuilder out) {
        long[] stack = new long[256];
        long[] locals = new long[1024];
        int[] frames = new int[256];
        int sp = 0, fp = 0, pc = 0, base = 0;
        long steps = 0;
        while (true) {
            Insn in = code.get(pc++);
            steps++;
            switch (in.op()) {
                case PUSH: stack[sp++] = in.arg(); break;
                case LOAD: stack[sp++] = locals[base + in.arg()]; break;
                case STORE: locals[base + in.arg()] = stack[--sp]; break;
                case ADD: sp--; stack[sp - 1] += stack[sp]; break;
                case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
                case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
                case DIV: sp--; stack[sp - 1] /= stack[sp]; break;
                case MOD: sp--; stack[sp - 1] %= stack[sp]; break;
                case LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp] ? 1 : 0; break;
                case EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1 : 0; break;
                case JMP: pc = in.arg(); break;
                case JZ: if (stack[--sp] == 0) pc = in.arg(); break;
                case CALL: frames[fp++] = pc; frames[fp++] = base; base += 8; pc = in.arg(); break;
                case RET: base = frames[--fp]; pc = frames[--fp]; break;
                case PRINT: out.append(stack[--sp]).append(' '); break;
                case DUP: stack[sp] = stack[sp - 1]; sp++; break;
                case POP: sp--; break;
                case SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break; }
                case HALT: return steps;
                default: throw new IllegalStateException("bad op " + in.op());
            }
        }
    }

    public static void main(String[] args) {
        String factorial = """
            push 1
            store 0
            push 1
            store 1
            loop:
            load 1
            push 21
            lt
            jz end
            load 0
            load 1
            mul
            dup
            print
            store 0
            load 1
            push 1
            add
            store 1
            jmp loop
            end:
            halt
            """;
        String fib = """
            push 18
            call fib
            print
            halt
            fib:
            store 0
            load 0
            push 2
            lt
            jz recurse
            load 0
            ret
            recurse:
            load 0
            push 1
            sub
            call fib
            load 0
            push 2
            sub
            call fib
            add
            ret
            """;
        String primes = """
            push 2
            store 0
            outer:
            load 0
            push 60
            lt
            jz done
            push 2
            store 1
            inner:
            load 0
            load 1
            load 1
            mul
            lt
            jz check
            jmp prime
            check:
            load 0
            load 1
            mod
            jz next
            load 1
            push 1
            add
            store 1
            jmp inner
            prime:
            load 0
            print
            next:
            load 0
            push 1
            add
            store 0
            jmp outer
            done:
            halt
            """;
        for (String[] p : new String[][] {{"factorial", factorial}, {"fib", fib}, {"primes", primes}}) {
            StringBuilder out = new StringBuilder();
            long steps = run(assemble(p[1]), out);
            System.out.println(p[0] + ": " + out.toString().trim() + " [" + steps + " steps]");
        }
    }
}
