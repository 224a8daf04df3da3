/** Messages of repair work orders, in every language. */
export const workOrdersMessages = {
  'v.workOrder.type': { 'zh-CN': '请选择工单类型', en: 'Choose the type of work order' },
  'v.workOrder.device': { 'zh-CN': '请选择设备', en: 'Choose a device' },
  'v.workOrder.description': {
    'zh-CN': '请填写问题描述（最多 255 个字符）',
    en: 'Describe the problem (at most 255 characters)',
  },
  'v.workOrder.priority': { 'zh-CN': '请选择优先级', en: 'Choose a priority' },
  'v.workOrder.pictures': { 'zh-CN': '最多上传 5 张图片', en: 'At most 5 pictures' },
  'v.workOrder.assignee': { 'zh-CN': '请选择维护人员', en: 'Choose a maintenance engineer' },
  'v.workOrder.result': {
    'zh-CN': '请填写处理结果（最多 255 个字符）',
    en: 'Write the result (at most 255 characters)',
  },
  'v.workOrder.reason': {
    'zh-CN': '请填写重新打开的原因（最多 255 个字符）',
    en: 'Say why the order is reopened (at most 255 characters)',
  },
  'v.workOrder.location': {
    'zh-CN': '未能取得您的位置，请允许定位后重试',
    en: 'Your location could not be read: allow location access and try again',
  },
  'workOrder.notFound': { 'zh-CN': '工单不存在', en: 'No such work order' },
  'workOrder.over': { 'zh-CN': '工单已结束', en: 'The work order is over' },
  'workOrder.wrongState': {
    'zh-CN': '工单当前为“{state}”，不能{action}',
    en: 'The work order is “{state}”: it cannot be {action} now',
  },
  'workOrder.notAssignee': {
    'zh-CN': '该工单未派给您，只有被派单的维护人员可以处理',
    en: 'This work order is not assigned to you: only its engineer can handle it',
  },
  'workOrder.engineer': {
    'zh-CN': '所选人员不是该设备所属账号下的维护人员',
    en: 'The person chosen is not a maintenance engineer of the device’s account',
  },
  'workOrder.picture': {
    'zh-CN': '图片无效，请重新上传 jpg 或 png 图片',
    en: 'A picture is not valid: upload jpg or png images again',
  },
  'workOrder.alarm': { 'zh-CN': '报警记录不存在', en: 'No such alarm' },
  'workOrder.state.pending': { 'zh-CN': '待处理', en: 'Pending' },
  'workOrder.state.sent': { 'zh-CN': '已派单', en: 'Assigned' },
  'workOrder.state.accepted': { 'zh-CN': '已接单', en: 'Accepted' },
  'workOrder.state.ended': { 'zh-CN': '已完成', en: 'Completed' },
  'workOrder.state.closed': { 'zh-CN': '已交付用户', en: 'Submitted to user' },
  'workOrder.action.assign': { 'zh-CN': '派单', en: 'assigned' },
  'workOrder.action.accept': { 'zh-CN': '接单', en: 'accepted' },
  'workOrder.action.complete': { 'zh-CN': '完成', en: 'completed' },
  'workOrder.action.confirm': { 'zh-CN': '确认', en: 'confirmed' },
  'workOrder.action.reopen': { 'zh-CN': '重新打开', en: 'reopened' },
  'workOrder.action.checkIn': { 'zh-CN': '签到', en: 'checked in' },
  'workOrder.notice.subject': { 'zh-CN': '工单提醒：{number}', en: 'Work order {number}' },
  'workOrder.notice.assigned': {
    'zh-CN': '工单 {number}（{device}）已派给您，请及时接单',
    en: 'Work order {number} ({device}) has been assigned to you: please accept it',
  },
  'workOrder.notice.responseOverdue': {
    'zh-CN': '工单 {number}（{device}）已超过接单时限，请尽快处理',
    en: 'Work order {number} ({device}) is past its time to be accepted: please see to it',
  },
  'workOrder.notice.completionOverdue': {
    'zh-CN': '工单 {number}（{device}）已超过处理时限，请尽快完成',
    en: 'Work order {number} ({device}) is past its time to be completed: please finish it',
  },
} as const;
