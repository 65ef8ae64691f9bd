package io.redcron.spring;

import io.redcron.handler.TaskHandler;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The embedded worker's handlers among the application's singletons: every {@link TaskHandler}
 * bean, and every {@link RedcronTask} method of any bean, called on the bean as the application
 * sees it (its proxy, if it has one, so {@code @Transactional} and the like apply).
 */
final class HandlerBeans {
    private HandlerBeans() {
    }

    /** @throws IllegalStateException naming the bean and the method, for a method that takes anything else than a TaskContext */
    static List<TaskHandler> find(ListableBeanFactory beans) {
        List<TaskHandler> handlers = new ArrayList<>(beans.getBeansOfType(TaskHandler.class, false, false).values());
        for (String beanName : beans.getBeanNamesForType(Object.class, false, false)) {
            if (ScopedProxyUtils.isScopedTarget(beanName)) {
                continue;
            }
            Class<?> type = beans.getType(beanName, false);
            if (type == null || !AnnotationUtils.isCandidateClass(type, RedcronTask.class)) {
                continue;
            }
            Class<?> userType = ClassUtils.getUserClass(type);
            Map<Method, RedcronTask> tasks = MethodIntrospector.selectMethods(userType,
                    (MethodIntrospector.MetadataLookup<RedcronTask>) method ->
                            AnnotatedElementUtils.findMergedAnnotation(method, RedcronTask.class));
            if (tasks.isEmpty()) {
                continue;
            }
            Object bean = beans.getBean(beanName);
            tasks.forEach((method, task) -> {
                if (!TaskMethodHandler.accepts(method)) {
                    throw new IllegalStateException("@RedcronTask method " + method.getName() + " of bean '" + beanName
                            + "' (" + userType.getName() + ") must take no argument or one TaskContext");
                }
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                ReflectionUtils.makeAccessible(invocable);
                handlers.add(new TaskMethodHandler(task.name(), beanName, bean, invocable));
            });
        }
        return handlers;
    }
}
