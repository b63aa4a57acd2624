import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Where one layer's time goes for the selected job: each operation's forward and backward time
// for one microbatch on one chip, as bars on one scale, with the recompute and the LM head.
ColumnLayout {
    id: root
    required property var dashboard // DashboardData's map
    readonly property var ops: dashboard.valid ? dashboard.layerOps : []
    readonly property real longest: ops.reduce((m, o) => Math.max(m, o.forwardMs + o.backwardMs), 0)
    // Operation names as people say them; the JSON keeps the engine's.
    readonly property var labels: ({
        "norm1": qsTr("Norm"), "qkv": qsTr("QKV"), "attention": qsTr("Attention"),
        "out_proj": qsTr("Out proj"), "norm2": qsTr("Add + norm"), "mlp_in": qsTr("MLP in"),
        "activation": qsTr("Activation"), "mlp_out": qsTr("MLP out")
    })
    spacing: Theme.gapTight

    function ms(v) { return v >= 10 ? v.toFixed(1) : v.toFixed(2) }

    Label {
        Layout.fillWidth: true
        text: root.dashboard.valid
              ? qsTr("One layer, one microbatch of %1 tokens on a chip").arg(Math.round(root.dashboard.layerTokens))
              : ""
        font.pixelSize: 11
        color: Theme.textMuted
        elide: Text.ElideRight
    }
    Repeater {
        model: root.ops
        delegate: RowLayout {
            id: row
            required property var modelData
            required property int index
            objectName: "layerOp" + index
            Layout.fillWidth: true
            spacing: Theme.gapSmall
            HoverHandler { id: hover }
            ToolTip.visible: hover.hovered
            ToolTip.text: qsTr("%1: forward %2 ms, backward %3 ms").arg(root.labels[row.modelData.name] || row.modelData.name)
                          .arg(root.ms(row.modelData.forwardMs)).arg(root.ms(row.modelData.backwardMs))
            Label {
                text: root.labels[row.modelData.name] || row.modelData.name
                font.pixelSize: 11
                Layout.preferredWidth: 74
                elide: Text.ElideRight
            }
            Item {
                id: track
                Layout.fillWidth: true
                Layout.preferredHeight: 12
                readonly property real scale: root.longest > 0 ? width / root.longest : 0
                Rectangle {
                    objectName: "forwardBar"
                    width: row.modelData.forwardMs * track.scale
                    height: parent.height
                    color: Theme.accent
                }
                Rectangle {
                    objectName: "backwardBar"
                    x: row.modelData.forwardMs * track.scale
                    width: row.modelData.backwardMs * track.scale
                    height: parent.height
                    color: Theme.accent
                    opacity: 0.5
                }
            }
            Label {
                text: root.ms(row.modelData.forwardMs + row.modelData.backwardMs)
                font.pixelSize: 11
                horizontalAlignment: Text.AlignRight
                Layout.preferredWidth: 44
            }
        }
    }
    Label {
        objectName: "layerTotals"
        Layout.fillWidth: true
        visible: root.dashboard.valid === true
        text: root.dashboard.valid
              ? qsTr("ms, forward (solid) and backward; recompute %1 ms a layer, LM head %2 ms")
                .arg(root.ms(root.dashboard.layerRecomputeMs)).arg(root.ms(root.dashboard.headMs))
              : ""
        font.pixelSize: 10
        color: Theme.textMuted
        wrapMode: Text.Wrap
    }
    Item { Layout.fillHeight: true }
}
