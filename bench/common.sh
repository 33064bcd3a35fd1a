# Sourced by the benchmarks (from the repository root): what each does before it starts its harness.

# Builds the platform and the e2e tests, and sets CP to the tests' classpath.
build_e2e() {
  echo "building"
  ./mvnw -q -B -DskipTests package dependency:build-classpath -Dmdep.outputFile=target/classpath.txt \
    -Dmdep.includeScope=test -pl e2e-tests -am
  CP="e2e-tests/target/test-classes:$(cat e2e-tests/target/classpath.txt)"
}

# The machine the figures were measured on.
print_machine() {
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -1)"
}

# Production's trace sampling for the devstack a benchmark starts: the Helm chart keeps one new trace in ten
# (tracing.samplingProbability, 0.1), while the devstack keeps every trace for a developer to look at. A system
# property outranks the devstack's environment variable. BENCH_TRACE_SAMPLING=1.0 measures the devstack's setting.
BENCH_TRACING_OPTS="-Dmanagement.tracing.sampling.probability=${BENCH_TRACE_SAMPLING:-0.1}"
