package com.storageplatform.crm.pipeline;

import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.PipelineBody.StageBody;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The pure rules of a pipeline's shape. A deal starts at the first stage, so it must be {@code open}; winning and
 * losing move a deal to the pipeline's {@code won} and {@code lost} stage, so there is exactly one of each; the
 * reserved-stage follow-up knows one {@code reserved} stage at most.
 */
final class PipelineRules {

    static final int MAX_NAME = 100;
    static final int MAX_STAGE_NAME = 60;
    static final int MIN_STAGES = 2;
    static final int MAX_STAGES = 20;

    private PipelineRules() {
    }

    /** A stage as it will be: {@code id} null for a new one. */
    record StageDraft(UUID id, String name, String kind) {
    }

    /** The name, trimmed; required when {@code required}, else null stays null. */
    static String name(Validation v, String name, boolean required) {
        String trimmed = name == null ? null : name.strip();
        if (trimmed == null || trimmed.isEmpty()) {
            v.check(required || name != null, "name", FieldIssue.REQUIRED);
            return null;
        }
        v.maxLength("name", trimmed, MAX_NAME).printable("name", trimmed, false);
        return trimmed;
    }

    /**
     * The stages, checked one by one and then as a whole; every bad one named by its index. Ids are only allowed
     * when {@code idsAllowed} (a change of an existing pipeline).
     */
    static List<StageDraft> stages(Validation v, List<StageBody> stages, boolean idsAllowed) {
        if (stages == null || stages.isEmpty()) {
            v.add("stages", FieldIssue.REQUIRED);
            return List.of();
        }
        v.check(stages.size() < MIN_STAGES, "stages", FieldIssue.BELOW_MINIMUM);
        v.check(stages.size() > MAX_STAGES, "stages", FieldIssue.ABOVE_MAXIMUM);
        List<StageDraft> drafts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<UUID> ids = new HashSet<>();
        Set<String> singleKinds = new HashSet<>();
        for (int i = 0; i < stages.size(); i++) {
            String at = "stages[" + i + "]";
            StageBody s = stages.get(i);
            if (s == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            UUID id = idsAllowed ? v.optionalId(at + ".id", s.id()) : null;
            v.check(!idsAllowed && s.id() != null, at + ".id", FieldIssue.NOT_ALLOWED);
            v.check(id != null && !ids.add(id), at + ".id", FieldIssue.DUPLICATE);
            String name = s.name() == null ? null : s.name().strip();
            v.check(name == null || name.isEmpty(), at + ".name", FieldIssue.REQUIRED);
            if (name != null && !name.isEmpty()) {
                v.maxLength(at + ".name", name, MAX_STAGE_NAME).printable(at + ".name", name, false);
                v.check(!names.add(name.toLowerCase(Locale.ROOT)), at + ".name", FieldIssue.DUPLICATE);
            }
            v.require(at + ".kind", s.kind()).oneOf(at + ".kind", s.kind(), Pipeline.KINDS);
            v.check(!Pipeline.OPEN.equals(s.kind()) && s.kind() != null && Pipeline.KINDS.contains(s.kind())
                    && !singleKinds.add(s.kind()), at + ".kind", FieldIssue.DUPLICATE);
            drafts.add(new StageDraft(id, name, s.kind()));
        }
        v.check(stages.get(0) != null && stages.get(0).kind() != null && !Pipeline.OPEN.equals(stages.get(0).kind()),
                "stages[0].kind", FieldIssue.NOT_ALLOWED);
        v.check(!singleKinds.contains(Pipeline.WON) || !singleKinds.contains(Pipeline.LOST), "stages",
                FieldIssue.INVALID);
        return drafts;
    }

    /**
     * Whether the new stages can replace the old ones: every id must be one of the pipeline's stages (422), and a
     * stage deals stand in can be neither removed nor turned into a kind that cannot hold them (409).
     *
     * @param occupied the pipeline's stages with deals in them, by id, with their deals' count
     */
    static void replaceable(Validation v, Pipeline pipeline, List<StageDraft> drafts, Map<UUID, Long> occupied) {
        for (int i = 0; i < drafts.size(); i++) {
            UUID id = drafts.get(i).id();
            v.check(id != null && pipeline.stage(id).isEmpty(), "stages[" + i + "].id", FieldIssue.NOT_FOUND);
        }
        v.orThrow();
        for (Stage old : pipeline.stages()) {
            long deals = occupied.getOrDefault(old.id(), 0L);
            if (deals == 0) {
                continue;
            }
            StageDraft kept = drafts.stream().filter(d -> old.id().equals(d.id())).findFirst().orElse(null);
            if (kept == null) {
                throw ApiException.conflict("Stage " + old.name() + " (" + old.id() + ") holds " + deals
                        + " deal(s): move them to another stage before removing it.");
            }
            if (!old.kind().equals(kept.kind()) && !(old.holdsOpenDeals() && holdsOpenDeals(kept.kind()))) {
                throw ApiException.conflict("Stage " + old.name() + " (" + old.id() + ") holds " + deals
                        + " deal(s): its kind cannot change from " + old.kind() + " to " + kept.kind() + ".");
            }
        }
    }

    private static boolean holdsOpenDeals(String kind) {
        return Pipeline.OPEN.equals(kind) || Pipeline.RESERVED.equals(kind);
    }
}
