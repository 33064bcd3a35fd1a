package com.storageplatform.kit.autoconfigure;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches unless {@code platform.environment} is {@code production} (the default). */
final class NonProduction implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return !"production".equals(context.getEnvironment().getProperty("platform.environment", "production"));
    }
}
