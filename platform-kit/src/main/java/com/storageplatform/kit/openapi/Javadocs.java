package com.storageplatform.kit.openapi;

import com.github.therapi.runtimejavadoc.Comment;
import com.github.therapi.runtimejavadoc.CommentElement;
import com.github.therapi.runtimejavadoc.CommentText;
import com.github.therapi.runtimejavadoc.InlineLink;
import com.github.therapi.runtimejavadoc.InlineTag;
import com.github.therapi.runtimejavadoc.ParamJavadoc;
import com.github.therapi.runtimejavadoc.RuntimeJavadoc;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Javadoc of our own classes, kept at compile time (therapi's processor, root pom) and read here as Markdown:
 * a record's {@code @param} lines describe its fields in the API description, and springdoc takes a handler's
 * Javadoc as the operation's description. {@code {@code x}} reads {@code `x`}, a link its plain name.
 */
final class Javadocs {

    private Javadocs() {
    }

    /** Each record component's {@code @param} text, by component name. */
    static Map<String, String> recordComponents(Class<?> record) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (ParamJavadoc param : RuntimeJavadoc.getJavadoc(record).getRecordComponents()) {
            String text = markdown(param.getComment());
            if (!text.isBlank()) {
                texts.put(param.getName(), text);
            }
        }
        return texts;
    }

    static String markdown(Comment comment) {
        StringBuilder text = new StringBuilder();
        for (CommentElement element : comment.getElements()) {
            if (element instanceof CommentText plain) {
                text.append(plain.getValue());
            } else if (element instanceof InlineTag tag) {
                text.append(tag.getName().equals("code") || tag.getName().equals("literal")
                        ? "`" + tag.getValue() + "`" : tag.getValue());
            } else if (element instanceof InlineLink link) {
                String label = link.getLink().getLabel();
                text.append(label != null && !label.isBlank() ? label : simpleName(link.getLink().getReferencedMemberName(),
                        link.getLink().getReferencedClassName()));
            }
        }
        return text.toString().replaceAll("\\s+", " ").strip();
    }

    /** springdoc's own rendering of a handler's Javadoc, as Markdown. */
    static String fromHtml(String html) {
        return html == null ? null : html.replaceAll("<code>(.*?)</code>", "`$1`").replaceAll("\\s*\\n\\s*", " ")
                .strip();
    }

    private static String simpleName(String member, String type) {
        if (member != null && !member.isBlank()) {
            return member;
        }
        return type == null ? "" : type.substring(type.lastIndexOf('.') + 1);
    }
}
