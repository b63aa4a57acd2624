// libFuzzer target: topology strings ("4x4x8") are parsed and checked against every built-in
// pod without crashing; a parsed shape prints back to the same text.
#include "presets/presets.h"
#include "topology/slice_shape.h"
#include "topology/torus_metrics.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podplanner::model;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto shape = parseTopology(text);
    if (!shape)
        return 0;
    if (shape->text() != text)
        std::abort();
    static const ClusterSpec pods[] = {builtinCluster("tpu-v4-pod"), builtinCluster("tpu-v5e-pod"),
                                       builtinCluster("h100-cluster")};
    for (const auto& cluster : pods)
        for (bool twisted : {false, true})
            if (const auto g = formSlice(cluster.pod, cluster.chip, *shape, twisted))
                if (g->chips() <= 4096) // keep the breadth-first search of twisted tori small
                    (void)torusMetrics(*g, 100.0);
    return 0;
}
