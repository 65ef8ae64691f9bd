package io.redcron.spring;

import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@link RedcronTask} methods of an application's singleton beans, found the same way for
 * the reconciliation, which declares their tasks, and for the embedded worker, which runs them.
 * Each method is called on the bean as the application sees it (its proxy, if it has one, so
 * {@code @Transactional} and the like apply).
 */
final class RedcronTaskMethods {

    /** One annotated method of one bean. */
    record Found(String beanName, Class<?> userType, Object bean, Method method, Method invocable, RedcronTask task) {
        /** How a message names it: {@code method expire of bean 'cartJobs' (com.example.CartJobs)}. */
        String where() {
            return "method " + method.getName() + " of bean '" + beanName + "' (" + userType.getName() + ")";
        }
    }

    private RedcronTaskMethods() {
    }

    /** Every annotated method of every singleton, in task-name order. */
    static List<Found> in(ListableBeanFactory beans) {
        List<Found> found = new ArrayList<>();
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
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                ReflectionUtils.makeAccessible(invocable);
                found.add(new Found(beanName, userType, bean, method, invocable, task));
            });
        }
        found.sort(Comparator.comparing((Found each) -> each.task().name()).thenComparing(Found::where));
        return found;
    }
}
