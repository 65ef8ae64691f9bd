package io.redcron.spring;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@link RedcronTask} methods of an application's beans, found once: by the reconciliation,
 * which declares their tasks, and by the embedded worker, which runs them.
 */
public final class RedcronTaskMethods {

    /** One annotated method of one bean. */
    public record Found(String beanName, Object bean, Method method, RedcronTask task) {
        /** How a message names it: {@code orderJobs.expireCarts}. */
        public String where() {
            return beanName + "." + method.getName();
        }
    }

    private RedcronTaskMethods() {
    }

    /** Every annotated method of every singleton bean, by task name; beans that are not singletons are not looked at. */
    public static List<Found> in(ConfigurableListableBeanFactory beans) {
        List<Found> found = new ArrayList<>();
        for (String name : beans.getBeanDefinitionNames()) {
            if (!beans.getBeanDefinition(name).isSingleton() || beans.getBeanDefinition(name).isAbstract()) {
                continue;
            }
            Class<?> type = beans.getType(name);
            if (type == null) {
                continue;
            }
            Map<Method, RedcronTask> methods = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<RedcronTask>) method ->
                            AnnotatedElementUtils.findMergedAnnotation(method, RedcronTask.class));
            if (methods.isEmpty()) {
                continue;
            }
            Object bean = beans.getBean(name);
            methods.forEach((method, task) -> found.add(new Found(name, bean,
                    AopUtils.selectInvocableMethod(method, bean.getClass()), task)));
        }
        found.sort(Comparator.comparing((Found each) -> each.task().name()).thenComparing(Found::where));
        return found;
    }
}
