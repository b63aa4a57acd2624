#pragma once
// One accelerator type: its peak rates, memory and links. Every number has a source string.
#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace podplanner::model {

struct ChipType {
    std::string id;
    std::string name;
    std::map<std::string, double> peakTflops; // by precision: "bf16", "fp8", "int8", ...
    double hbmGib = 0;
    // What the runtime lets one program use, where it says so (XLA:TPU checks every program
    // against it); 0: hbmGib less the default reserve (kHbmReserveFraction).
    double hbmUsableGib = 0;
    double hbmGbyteS = 0;     // HBM bandwidth, GB/s
    int iciLinks = 0;         // torus links per chip (0 for GPUs)
    double iciLinkGbyteS = 0; // per link, one way, GB/s
    double nvlinkGbyteS = 0;  // per GPU, one way, GB/s (0 for TPUs)
    double dcnGbitS = 0;      // data-center network per chip, Gb/s
    double powerW = 0;        // 0 = unknown
    // A power cap the operator sets below powerW (nvidia-smi -pl); 0 = none.
    double powerLimitW = 0;
    // Measured (cap in W, throughput relative to the uncapped chip), ascending by cap: what a
    // cap costs. A cap needs it (the reader refuses one without).
    std::vector<std::pair<double, double>> throughputAtPowerLimit;
    double priceUsdPerHour = 0; // 0 = unknown
    bool twistedTorus = false;  // can slices of this chip be wired as twisted tori
    // Largest fraction of peak that large dense matmuls reach (public GEMM measurements).
    double matmulEfficiency = 1.0;
    // Below 16 bits the plateau is lower (scaling, casts and the memory of smaller operands):
    // per precision where known, else matmulEfficiency.
    std::map<std::string, double> matmulEfficiencyByPrecision;
    double matmulEfficiencyAt(const std::string& precision) const {
        const auto it = matmulEfficiencyByPrecision.find(precision);
        return it == matmulEfficiencyByPrecision.end() ? matmulEfficiency : it->second;
    }
    int matmulTile = 128; // matmul unit tile: dimensions are padded to multiples of it
    // Devices the chip presents to the framework, each with its share of the chip's peak and
    // HBM bandwidth and its own kernels (Ironwood: two TensorCores, two JAX devices).
    int devicesPerChip = 1;
    // Matrix units that work in parallel (SMs on a GPU, MXUs on a TPU): matmuls run in waves
    // of one output tile per unit.
    int matmulUnits = 1;
    // Fixed work of one output tile (loading the pipeline, writing the result), in elements of
    // K: a matmul of inner dimension K reaches K / (K + this) of the plateau.
    double matmulKOverhead = 0;
    // Fraction of peak that fused (flash) attention kernels reach; < 0: as matmulEfficiency.
    double attentionEfficiency = -1;
    // The same for FlashAttention-2, which PyTorch's own attention (SDPA) runs; on Hopper it
    // reaches far less than the vendor's fused kernels; < 0: as attentionEfficiency.
    double flash2Efficiency = -1;
    // Achieved / nominal HBM bandwidth of streaming (element-wise) kernels.
    double hbmEfficiency = 1.0;
    // Fixed time of one kernel launch (GPU) or one fused XLA computation (TPU), microseconds.
    double kernelOverheadUs = 0;
    // GPUs: host time to issue one operation from an eager framework (Python, autograd and the
    // launch), microseconds; 0: the host never holds the GPU back (docs/engine.md).
    double hostOpUs = 0;
    // Fixed time of one grid step of a Pallas kernel on one TensorCore (TPU), microseconds.
    double gridStepUs = 0;
    // TensorCores one device joins into a megacore (v4, v5p: 2): a Pallas kernel's parallel grid
    // axis is split over them.
    int coresPerDevice = 1;
    // Host memory and host link per chip, for activations offloaded to the host.
    double hostMemoryGib = 0;
    double hostGbyteS = 0;
    // Achieved / nominal bandwidth of collectives on each link kind (public measurements).
    double iciEfficiency = 1.0;
    double nvlinkEfficiency = 1.0;
    double dcnEfficiency = 1.0;
    // Collective size at which each link kind reaches half its plateau bandwidth (protocol and
    // pipelining overheads make small collectives slower): bandwidth x S / (S + S_half).
    double iciHalfBandwidthBytes = 0;
    double nvlinkHalfBandwidthBytes = 0;
    double dcnHalfBandwidthBytes = 0;
    std::map<std::string, std::string> source; // field name -> where the number comes from

    bool isGpu() const { return nvlinkGbyteS > 0 && iciLinks == 0; }
    // Share of its compute rate the chip keeps under its power cap (1 without one).
    double computeRateAtPowerLimit() const;
    // Peak FLOP/s at this precision under the power cap.
    double peakFlops(const std::string& precision) const {
        return peakTflops.at(precision) * 1e12 * computeRateAtPowerLimit();
    }
    // What the chip draws: its power, or the cap below it.
    double drawW() const {
        if (powerLimitW <= 0)
            return powerW;
        return powerW > 0 ? std::min(powerW, powerLimitW) : powerLimitW;
    }
};

} // namespace podplanner::model
