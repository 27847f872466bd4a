package cf;

import java.lang.annotation.ElementType;
import java.lang.annotation.Target;

/** An invisible (CLASS retention) type annotation. */
@Target({ElementType.TYPE_USE, ElementType.TYPE_PARAMETER})
public @interface TA {}
