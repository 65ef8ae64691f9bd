package io.redcron.spring;

import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * A {@link RedcronTask} method of a bean, as the embedded worker's handler of the task's name. The
 * method takes no argument or the run's {@link TaskContext}; what it returns is ignored, what it
 * throws fails the run.
 */
final class TaskMethodHandler implements TaskHandler {
    private final String name;
    private final String beanName;
    private final Object bean;
    private final Method method;
    private final boolean takesContext;

    /** @param method the method as it can be called on {@code bean} (on its proxy, if it has one) */
    TaskMethodHandler(String name, String beanName, Object bean, Method method) {
        this.name = name;
        this.beanName = beanName;
        this.bean = bean;
        this.method = method;
        this.takesContext = method.getParameterCount() == 1;
    }

    /** Whether a {@link RedcronTask} method can be one: no argument, or one {@link TaskContext}. */
    static boolean accepts(Method method) {
        Class<?>[] parameters = method.getParameterTypes();
        return parameters.length == 0 || parameters.length == 1 && parameters[0] == TaskContext.class;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void run(TaskContext context) throws Exception {
        try {
            if (takesContext) {
                method.invoke(bean, context);
            } else {
                method.invoke(bean);
            }
        } catch (InvocationTargetException e) {
            // The run's error and output are the method's own exception, not the reflection around it.
            if (e.getCause() instanceof Exception failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    @Override
    public String toString() {
        return "bean '" + beanName + "' method " + method.getName();
    }
}
