import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The right-hand panel: what is selected and how to change it. The selected job's placement,
// parallelism and recovery policy (every change one undo step), then the picked component with
// fail/repair, then everything failed right now.
ScrollView {
    id: root
    required property ProjectDocument document
    property var hit: ({})   // the last thing picked in the scene or the tree
    signal autoPlanRequested()
    readonly property var s: document.jobSettings
    clip: true
    // Room for the scroll bar beside the controls: Qt 6.4's draws it over the content.
    rightPadding: ScrollBar.vertical.visible ? ScrollBar.vertical.width + 2 : 0
    contentWidth: availableWidth

    ColumnLayout {
        width: root.availableWidth
        spacing: Theme.gap

        Label { text: qsTr("Job"); font.bold: true; font.pixelSize: 14 }
        ComboBox {
            objectName: "inspectorJob"
            Layout.fillWidth: true
            model: root.document.jobs
            textRole: "name"
            currentIndex: root.document.selectedJob
            onActivated: index => root.document.selectedJob = index
            ToolTip.visible: hovered
            ToolTip.text: qsTr("The job the inspector and the dashboard show")
        }
        RowLayout {
            Layout.fillWidth: true
            Label { text: root.s.gpu ? qsTr("Nodes") : qsTr("Slice"); Layout.preferredWidth: 92; font.pixelSize: 12 }
            TextField {
                id: placementField
                objectName: "placementField"
                Layout.fillWidth: true
                text: root.s.placement || ""
                placeholderText: root.s.gpu ? "32" : "4x8x8"
                // Applied or refused, the field shows the job's size again (a refusal is said in
                // the error banner, not left in the field as if applied).
                onAccepted: {
                    root.document.setSliceShape(root.document.selectedJob, text)
                    text = Qt.binding(() => root.s.placement || "")
                }
                ToolTip.visible: hovered
                ToolTip.text: root.s.gpu ? qsTr("Nodes per pod; Enter applies") : qsTr("Slice shape in chips, e.g. 4x8x8; whole cubes get wraparound links. Enter applies")
            }
        }
        Label {
            Layout.fillWidth: true
            font.pixelSize: 11
            color: Number(root.s.meshSize) === Number(root.s.chips) ? Theme.textMuted : Theme.badText
            text: qsTr("Mesh %1 of %2 chips").arg(root.s.meshSize || 0).arg(root.s.chips || 0)
                  + (root.s.userMapping ? qsTr(" · user mapping") : qsTr(" · automatic mapping"))
            wrapMode: Text.Wrap
        }
        Repeater {
            model: [["dp", qsTr("Data parallel: full replicas, gradients all-reduced")],
                    ["fsdp", qsTr("Fully sharded data parallel: weights gathered, gradients reduce-scattered")],
                    ["tp", qsTr("Tensor parallel: each layer's matmuls split across chips")],
                    ["pp", qsTr("Pipeline parallel: layers split into stages")],
                    ["ep", qsTr("Expert parallel: MoE experts spread across chips (all-to-all)")],
                    ["cp", qsTr("Context parallel: the sequence split across chips")],
                    ["microbatches", qsTr("Microbatches per step (pipeline depth and activation memory)")]]
            delegate: AxisSpinBox {
                required property var modelData
                Layout.fillWidth: true
                document: root.document
                axis: modelData[0]
                help: modelData[1]
            }
        }
        Button {
            objectName: "autoPlanButton"
            text: qsTr("Auto-plan…")
            Layout.fillWidth: true
            onClicked: root.autoPlanRequested()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Search every layout of this job's chips and compare the best (Ctrl+P)")
        }

        Label { text: qsTr("Mapping"); font.bold: true; font.pixelSize: 14; topPadding: Theme.gap }
        MappingEditor {
            Layout.fillWidth: true
            document: root.document
        }

        Label { text: qsTr("Recovery"); font.bold: true; font.pixelSize: 14; topPadding: Theme.gap }
        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("Hot spares"); Layout.preferredWidth: 92; font.pixelSize: 12 }
            SpinBox {
                id: spares
                objectName: "hotSpares"
                Layout.fillWidth: true
                from: 0
                to: 64
                value: root.s.hotSpares || 0
                onValueModified: root.document.setHotSpares(root.document.selectedJob, value)
                Connections {
                    target: root.document
                    function onJobSettingsChanged() { spares.value = root.s.hotSpares || 0 }
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Cubes (TPU) or nodes (GPU) held back to replace a failed one in seconds")
            }
        }
        Label {
            objectName: "spareCubesLabel"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: Theme.textMuted
            text: (root.s.spareCubes || []).length > 0
                  ? qsTr("Its own spares: cubes %1 (changing the count frees them)").arg(root.s.spareCubes.join(", "))
                  : qsTr("Spares: any free cubes (select cubes and use Job › Hold selected cubes as its spares to choose them)")
        }
        CheckBox {
            objectName: "elastic"
            text: qsTr("Continue on fewer replicas")
            checked: root.s.elastic === true
            onToggled: root.document.setElastic(root.document.selectedJob, checked)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Elastic: keep training on the healthy data-parallel replicas until a repair")
        }

        Label { text: qsTr("Planned maintenance"); font.bold: true; font.pixelSize: 12; topPadding: Theme.gapSmall }
        Label {
            visible: (root.s.maintenance || []).length === 0
            text: qsTr("None (right-click a rack to schedule its power row)")
            font.pixelSize: 11
            color: Theme.textMuted
        }
        Repeater {
            model: root.s.maintenance || []
            delegate: RowLayout {
                required property var modelData
                required property int index
                Layout.fillWidth: true
                Label {
                    Layout.fillWidth: true
                    font.pixelSize: 11
                    wrapMode: Text.Wrap
                    text: qsTr("Power row %1: %2 h every %3 days, %4").arg(modelData.powerRow).arg(modelData.durationH)
                          .arg(modelData.everyDays).arg(modelData.mode === "spares" ? qsTr("on spares") : qsTr("drained"))
                }
                Button {
                    text: qsTr("Remove")
                    flat: true
                    onClicked: root.document.removeMaintenance(root.document.selectedJob, index)
                }
            }
        }

        Label { text: qsTr("Selected component"); font.bold: true; font.pixelSize: 14; topPadding: Theme.gap }
        Label {
            objectName: "selectionLabel"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            text: root.hit && root.hit.label ? root.hit.label : qsTr("Click a chip or rack in the scene, or a cube in the tree. Right-click in the scene to fail it.")
            color: Theme.textSecondary
        }
        GridLayout {
            visible: root.hit && root.hit.rack !== undefined
            columns: 2
            Layout.fillWidth: true
            Repeater {
                model: [["chip", qsTr("chip")], ["host", qsTr("host")], ["rack", qsTr("cube / rack")], ["powerRow", qsTr("power row")]]
                delegate: Button {
                    required property var modelData
                    readonly property var index_: root.hit && root.hit[modelData[0]] !== undefined ? root.hit[modelData[0]] : -1
                    readonly property bool failed: root.document.failures && root.document.isComponentFailed(modelData[0], index_)
                    visible: index_ !== undefined && index_ >= 0
                    Layout.fillWidth: true
                    Layout.columnSpan: 2
                    text: (failed ? qsTr("Repair ") : qsTr("Fail ")) + modelData[1] + " " + index_
                    onClicked: root.document.setComponentFailed(modelData[0], index_, !failed)
                }
            }
        }

        Label { text: qsTr("Failed now"); font.bold: true; font.pixelSize: 14; topPadding: Theme.gap }
        Label {
            visible: root.document.failures.length === 0
            text: qsTr("Nothing: the cluster is healthy.")
            font.pixelSize: 11
            color: Theme.textMuted
        }
        Repeater {
            model: root.document.failures
            delegate: RowLayout {
                required property var modelData
                Layout.fillWidth: true
                Label { text: modelData.label; Layout.fillWidth: true; font.pixelSize: 12; color: Theme.badText }
                Button {
                    text: qsTr("Repair")
                    flat: true
                    onClicked: root.document.setComponentFailed(modelData.kind, modelData.index, false)
                }
            }
        }
        Button {
            visible: root.document.failures.length > 1
            text: qsTr("Repair everything")
            onClicked: root.document.repairAll()
        }
    }
}
