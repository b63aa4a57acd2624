// libFuzzer target: launch configs (MaxText flags and YAML, Megatron-LM scripts, torchtitan
// TOML) and InfraGraph documents (JSON, YAML) are imported or refused with an input error,
// never crash. The first byte picks the reader; the rest is the text.
#include "core/input_error.h"
#include "interop/infragraph.h"
#include "interop/launch.h"
#include "project/project_io.h"

#include <cstdint>
#include <string>

namespace {

using namespace podplanner::model;

const Project& cluster(bool gpu) {
    static const Project tpu = readProject(R"({"format": "podplanner-project", "version": 1,
        "name": "f", "cluster": {"preset": "tpu-v5p-pod"}, "jobs": []})");
    static const Project h100 = readProject(R"({"format": "podplanner-project", "version": 1,
        "name": "f", "cluster": {"preset": "h100-cluster"}, "jobs": []})");
    return gpu ? h100 : tpu;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podplanner::model::interop;
    if (size == 0)
        return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        switch (data[0] % 5) {
        case 0:
            importLaunch(cluster(false), LaunchFormat::MaxText, text, {"4x4x4", 1, 0, "f"});
            break;
        case 1:
            importLaunch(cluster(true), LaunchFormat::Megatron, text, {"", 0, 8, "f"});
            break;
        case 2:
            importLaunch(cluster(true), LaunchFormat::Torchtitan, text, {"", 0, 8, "f"});
            break;
        case 3:
            importInfraGraph(text, "f.json", {});
            break;
        default:
            importInfraGraph(text, "f.yaml", {});
            break;
        }
    } catch (const InputError&) {
        // refused with its place and reason: what bad input must get
    }
    return 0;
}
