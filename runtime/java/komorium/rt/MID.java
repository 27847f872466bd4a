package komorium.rt;

/**
 * A method identifier on the reified call stack (paper 000, Figure 1): a marker interface.
 * Generated code stores {@link MIDImpl} instances; an agent may replace entries of the reified
 * stack with its own MID objects (the default agent stores its calling-context-tree nodes there,
 * paper Section 6.2), so code reading a reified stack must accept any MID.
 */
public interface MID {
}
