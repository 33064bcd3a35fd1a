package com.storageplatform.deploy.support;

import com.marcnuri.helm.DryRun;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs Helm on helm/storage-platform through helm-java, which bundles Helm as a native library: no helm binary
 * and no cluster. Renderings of the standard value sets are cached, since many tests read the same ones.
 */
public final class HelmChart {

    public static final String RELEASE = "sp";
    public static final String NAMESPACE = "platform";
    /** helm-java's template defaults to Kubernetes 1.20, below the chart's kubeVersion; a supported one instead. */
    static final String KUBE_VERSION = "1.31.0";

    private static final Map<ValueSet, Manifests> RENDERED = new ConcurrentHashMap<>();

    private HelmChart() {
    }

    /** The manifests of a standard value set, parsed and checked by {@link ManifestParser}. */
    public static Manifests render(ValueSet valueSet) {
        return RENDERED.computeIfAbsent(valueSet,
                set -> ManifestParser.parse(template(set.file().stream().toList(), Map.of())));
    }

    /** The manifests for these values files (in order) and {@code --set} values, parsed and checked. */
    public static Manifests render(List<Path> valuesFiles, Map<String, String> setValues) {
        return ManifestParser.parse(template(valuesFiles, setValues));
    }

    /** {@code helm template}: the rendered YAML stream; an {@link IllegalStateException} when Helm refuses. */
    public static String template(List<Path> valuesFiles, Map<String, String> setValues) {
        TemplateCommand command = new Helm(RepositoryPaths.chart()).template()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION);
        for (Path file : valuesFiles) {
            command = command.withValuesFile(file);
        }
        for (Map.Entry<String, String> value : setValues.entrySet()) {
            command = command.set(value.getKey(), value.getValue());
        }
        return command.call();
    }

    /**
     * The NOTES Helm prints after an install, from a client-only dry-run install ({@code helm template} does not
     * render them): no cluster is contacted.
     */
    public static String notes(List<Path> valuesFiles, Map<String, String> setValues) {
        InstallCommand command = new Helm(RepositoryPaths.chart()).install()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION)
                .clientOnly()
                .withDryRunOption(DryRun.CLIENT);
        for (Path file : valuesFiles) {
            command = command.withValuesFile(file);
        }
        for (Map.Entry<String, String> value : setValues.entrySet()) {
            command = command.set(value.getKey(), value.getValue());
        }
        String output = command.call().getOutput();
        int notes = output.indexOf("NOTES:\n");
        if (notes < 0) {
            throw new IllegalStateException("No NOTES in the install output:\n" + output);
        }
        return output.substring(notes + "NOTES:\n".length());
    }

    /** {@code helm lint --strict} with the chart's own values.yaml. */
    public static LintResult lintStrict() {
        return new Helm(RepositoryPaths.chart()).lint().strict().call();
    }

    /**
     * {@code helm lint --strict} with a values file laid over values.yaml. helm-java's lint takes no values
     * files, so it lints a copy of the chart whose values.yaml is the merge of both.
     */
    public static LintResult lintStrict(Optional<Path> valuesFile) {
        if (valuesFile.isEmpty()) {
            return lintStrict();
        }
        try (ChartCopy copy = ChartCopy.withValues(RepositoryPaths.chart(), valuesFile.get())) {
            return new Helm(copy.directory()).lint().strict().call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
