#!/bin/bash
# Megatron-LM launch for job 1 "dense-70b-h100" of project "70B dense model on 512 of 528 H100 nodes" (written by podplanner export)
#
# Mesh: dp 64 x fsdp 1 x tp 8 x pp 8 x ep 1 x cp 1 = 4096 GPUs = 512 nodes x 8 GPUs (NVIDIA H100 SXM)
#   Megatron: world 4096 = tensor 8 x pipeline 8 x context 1 x data-parallel 64 (dp 64 x fsdp 1 x ep 1); experts over ep 1 within data-parallel
#   batch: --global-batch-size 2048 = --micro-batch-size 2 x data-parallel 64 x 16 microbatches
#
# What Megatron-LM cannot express (kept here, and in the podplanner-job line):
#   - mapping dp: dcn(64) | tp: nvlink(8) | pp: dcn(8) (the project's): Megatron orders its process groups itself (tp innermost, then cp, dp, pp); it has no flag for which links an axis uses
#   - selective recompute: Megatron's default --recompute-modules is core_attn; PodPlanner's selective recomputes the MLP activation
#   - --vocab-size is the unpadded vocabulary; with a real --tokenizer-type the tokenizer sets it and Megatron pads it (--make-vocab-size-divisible-by)
# podplanner-job: {"name":"dense-70b-h100","parallelism":{"mapping":{"tp":["nvlink"],"pp":["dcn"],"dp":["dcn"]}},"training":{"total_tokens":15000000000000},"placement":{"pod":0,"nodes":512},"reliability":{"checkpoint":{"persistent_write_s":120,"storage_gbyte_s":0,"in_memory":false,"in_memory_write_s":5,"interval_min":"auto"},"restart_s":900,"hot_spare_cubes":0,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
#SBATCH --nodes=512
#SBATCH --gpus-per-node=8
GPUS_PER_NODE=8
NUM_NODES=${SLURM_NNODES:-512}
MEGATRON_ARGS=(
    --tensor-model-parallel-size 8
    --pipeline-model-parallel-size 8
    --context-parallel-size 1
    --sequence-parallel
    --micro-batch-size 2
    --global-batch-size 2048
    --recompute-granularity selective
    --num-layers 80
    --hidden-size 8192
    --ffn-hidden-size 28672
    --num-attention-heads 64
    --group-query-attention
    --num-query-groups 8
    --kv-channels 128
    --swiglu
    --seq-length 8192
    --max-position-embeddings 8192
    --vocab-size 128256
    --untie-embeddings-and-output-weights
    --bf16
    --train-iters 894070
)
torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES \
    --node_rank ${SLURM_NODEID:-0} --master_addr ${MASTER_ADDR:-localhost} --master_port ${MASTER_PORT:-29500} \
    pretrain_gpt.py "${MEGATRON_ARGS[@]}"
