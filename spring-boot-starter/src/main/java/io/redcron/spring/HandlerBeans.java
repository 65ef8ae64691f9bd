package io.redcron.spring;

import io.redcron.handler.TaskHandler;

import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The embedded worker's handlers among the application's singletons: every {@link TaskHandler}
 * bean, and every {@link RedcronTask} method of any bean.
 */
final class HandlerBeans {
    private HandlerBeans() {
    }

    /** @throws IllegalStateException naming the bean and the method, for a method that takes anything else than a TaskContext */
    static List<TaskHandler> find(ListableBeanFactory beans) {
        List<TaskHandler> handlers = new ArrayList<>(beans.getBeansOfType(TaskHandler.class, false, false).values());
        for (RedcronTaskMethods.Found found : RedcronTaskMethods.in(beans)) {
            if (!TaskMethodHandler.accepts(found.method())) {
                throw new IllegalStateException("@RedcronTask " + found.where() + " must take no argument or one TaskContext");
            }
            handlers.add(new TaskMethodHandler(found.task().name(), found.beanName(), found.bean(), found.invocable()));
        }
        return handlers;
    }
}
