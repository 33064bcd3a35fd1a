package com.storageplatform.kit.report;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the kit reads from a report's row record, once per type: the groups it may be asked for (its static
 * {@code GROUP_BYS}, the first the default) and its columns (the record's components in order, {@code object}
 * left out of the CSV). Every row starts with the same six components, so every report reads alike.
 */
final class ReportShape {

    static final List<String> LEADING = List.of("object", "from", "to", "key", "group_by", "label");

    private static final Map<Class<?>, ReportShape> SHAPES = new ConcurrentHashMap<>();

    final List<String> groupBys;
    final List<String> columns;
    final RecordComponent[] components;

    private ReportShape(List<String> groupBys, List<String> columns, RecordComponent[] components) {
        this.groupBys = groupBys;
        this.columns = columns;
        this.components = components;
    }

    static ReportShape of(Class<?> row) {
        return SHAPES.computeIfAbsent(row, ReportShape::read);
    }

    /** The record's {@code GROUP_BYS}, for the API description; empty when {@code row} is not a report row. */
    static List<String> groupBysOf(Class<?> row) {
        return row.isRecord() ? of(row).groupBys : List.of();
    }

    private static ReportShape read(Class<?> row) {
        if (!row.isRecord()) {
            throw new IllegalStateException(row.getName() + " is not a record: a report row is one");
        }
        RecordComponent[] components = row.getRecordComponents();
        List<String> names = Arrays.stream(components).map(c -> snake(c.getName())).toList();
        if (names.size() <= LEADING.size() || !names.subList(0, LEADING.size()).equals(LEADING)) {
            throw new IllegalStateException(row.getName() + " must start with the components " + LEADING
                    + " and add its figures after them; it has " + names);
        }
        for (RecordComponent component : components) {
            component.getAccessor().setAccessible(true);
        }
        return new ReportShape(groupBys(row), names.subList(1, names.size()), components);
    }

    @SuppressWarnings("unchecked")
    private static List<String> groupBys(Class<?> row) {
        try {
            Field field = row.getDeclaredField("GROUP_BYS");
            if (!Modifier.isStatic(field.getModifiers()) || !List.class.isAssignableFrom(field.getType())) {
                throw new IllegalStateException(row.getName() + ".GROUP_BYS must be a static List<String>");
            }
            field.setAccessible(true);
            List<String> values = List.copyOf((List<String>) field.get(null));
            if (values.isEmpty()) {
                throw new IllegalStateException(row.getName() + ".GROUP_BYS is empty");
            }
            return values;
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalStateException(row.getName() + " needs a static List<String> GROUP_BYS", e);
        }
    }

    /** The component's JSON name, as the strict mapper writes it. */
    static String snake(String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        for (char c : name.toCharArray()) {
            if (Character.isUpperCase(c)) {
                out.append('_').append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The row's values in column order ({@code object} left out). */
    Object[] values(Object row) {
        Object[] values = new Object[components.length - 1];
        for (int i = 1; i < components.length; i++) {
            try {
                values[i - 1] = components[i].getAccessor().invoke(row);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read " + components[i].getName(), e);
            }
        }
        return values;
    }
}
